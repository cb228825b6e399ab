"""``/rules`` and ``/card`` content, written for players (the rule page is the reference behind it)."""

from __future__ import annotations

from engines.core import CardField, CardInfo, RuleSection, Text
from engines.glorious_crown.cards import CARDS, FOUL, JOKERS, POINTS, SUITS, Card, Effect

_SECTIONS: list[tuple[str, tuple[str, ...], str, str, str, str]] = [
    (
        "goal",
        ("GC-19", "GC-21"),
        "Goal",
        "勝利条件",
        "Glorious Crown is Daifugo where points matter more than going out first. Every time the field is "
        "cleared, the player who made the last play takes that play's points. When only one player still "
        "holds cards the game ends, finishing bonuses are added, and the most points wins.",
        "グローリアスクラウンは「大富豪」に点数を加えたゲームです。場が流れるたびに、最後に札を出した人が"
        "その札の点数を獲得します。手札を持つ人が1人になったらゲーム終了。上がり順のボーナスを加え、"
        "合計点が最も多い人が勝ちです。上がるだけでは勝てません。",
    ),
    (
        "deal",
        ("GC-1", "GC-2", "GC-3"),
        "Cards and deal",
        "カードと配り方",
        "54 cards: numbers 3 to 15 in spades, hearts, diamonds and clubs (11-15 are the J, Q, K, A, 2 of "
        "ordinary Daifugo) plus 2 Jokers. 3 players get 18 cards each; 4 players 13 each with 2 blind cards; "
        "5 players 10 each with 4 blind cards. Blind cards are picked at random (never the diamond 3), are out "
        "of the game and stay face down until the end. The holder of the diamond 3 「Wandering Peddler Girl」 "
        "starts; they need not play it.",
        "54枚：3〜15の数字札がスペード・ハート・ダイヤ・クラブに各1枚（11〜15は通常の大富豪のJ・Q・K・A・2）と"
        "Joker2枚。3人なら各18枚、4人なら各13枚でブラインド2枚、5人なら各10枚でブラインド4枚。"
        "ブラインドカードはランダムに選ばれ（ダイヤの3は除く）、ゲームから除外され、終了まで誰も見られません。"
        "ダイヤの3「歩き売りの少女」を持つ人から始めます（最初に出す必要はありません）。",
    ),
    (
        "plays",
        ("GC-4", "GC-5", "GC-6"),
        "Playing cards",
        "札の出し方",
        "Play 1 to 4 cards of the same number: a single, pair, triple or quad. No sequences. The leader of an "
        "empty field plays anything and may not pass. After that each play must have the same number of "
        "cards and be strictly stronger: a higher number normally, a lower number in revolution.",
        "同じ数字の札を1〜4枚（シングル・ペア・スリーカード・フォーカード）出します。階段はありません。"
        "場が空のときの親は何を出してもよく、パスはできません。その後は同じ枚数で、より強い札を出します。"
        "通常は数字が大きいほど強く、革命中は小さいほど強くなります。",
    ),
    (
        "jokers",
        ("GC-4", "GC-7", "GC-9"),
        "Jokers",
        "Joker",
        "A Joker is wild inside a group: played with other cards it takes their number (S7 + JK1 is a pair of "
        "7s) and counts as any suit for the suit lock. A Joker played alone (or both Jokers as a pair) is the "
        "Joker play: it beats any group of its size in either state, and only the spade 3 can answer a lone "
        "Joker. Both Jokers are identical; when you hold both and use one, the bot uses JK1.",
        "Jokerは組の中でワイルドカードになります。他の札と一緒に出すとその数字になり（S7＋JK1は7のペア）、"
        "縛りではどの柄としても扱えます。Jokerを単体で（または2枚をペアで）出すと、通常でも革命でも同じ枚数の"
        "どの組よりも強くなります。単体のJokerを返せるのはスペードの3だけです。2枚のJokerは同じ働きなので、"
        "両方持っていて1枚だけ使うときはJK1を使います。",
    ),
    (
        "revolution",
        ("GC-8",),
        "Revolution",
        "革命",
        "A quad (Jokers may complete it) flips the board between normal and revolution for the rest of the "
        "game, starting with the very next play. Another quad flips it back.",
        "フォーカード（Jokerで補ってもよい）を出すと、場の状態が平常と革命で入れ替わり、ゲームの最後まで続きます。"
        "直後の札から有効です。もう一度フォーカードが出ると元に戻ります。",
    ),
    (
        "eleven_back",
        ("GC-15",),
        "11-back",
        "11バック",
        "Playing 11s (mandatory effect) reverses the strength order from the next play until the field is "
        "cleared. The effective state is the board state reversed by 11-back: normal + 11-back plays like "
        "revolution, revolution + 11-back plays like normal. Points and illegal finishes use the effective "
        "state. A second 11 in the same field keeps 11-back on.",
        "11を出すと（必ず発動）、次の札から場が流れるまで強さが逆転します。実際の状態は場の状態を11バックで"
        "反転したもので、平常＋11バックは革命、革命＋11バックは平常として扱います。点数と反則上がりもこの実際の"
        "状態で判定します。同じ場で11がもう一度出ても11バックは続きます。",
    ),
    (
        "suit_lock",
        ("GC-9",),
        "Suit lock",
        "縛り",
        "When a play has exactly the same suits as the play it beat, the field is locked to those suits until "
        "it is cleared: every later play must use exactly those suits. A Joker counts as any suit.",
        "出した札の柄の組み合わせが直前の札とまったく同じなら、場が流れるまでその柄に縛られます。以後はその柄の"
        "組み合わせでしか出せません。Jokerはどの柄としても扱えます。",
    ),
    (
        "passing",
        ("GC-10", "GC-23"),
        "Passing and clearing",
        "パスと場流し",
        "You may pass instead of playing (not when leading). Once you pass you sit out until the field is "
        "cleared. When everyone else still holding cards has passed, the field is cleared: the last player "
        "scores and leads. If they have gone out, the next player in turn order who holds cards leads. "
        "An 8 or a spade-3 counter clears the field at once.",
        "親以外は札を出さずにパスできます。一度パスすると場が流れるまで出せません。手札を持つ他の全員がパスすると"
        "場が流れ、最後に札を出した人が点数を得て親になります。その人が上がっていたら、順番で次の手札を持つ人が"
        "親です。8やスペ3返しでは場がすぐに流れます。",
    ),
    (
        "five",
        ("GC-11",),
        "5 「The Herald Rider」",
        "5「伝令の馬使い」",
        "Mandatory: the next player who could act is skipped once, however many 5s were played. With two "
        "players left, a 5 brings the turn straight back to you and clears the field.",
        "必ず発動：次に手番が来る人を1人だけ飛ばします（何枚出しても1人）。残り2人のときは手番が自分に戻り、"
        "そのまま場が流れます。",
    ),
    (
        "seven",
        ("GC-12",),
        "7 「The Secret Deal」",
        "7「秘密の取引き」",
        "Optional: choose up to as many cards as 7s you played (Jokers do not count) and give them to the next "
        "player, or decline. That player then picks the same number of cards from their own hand without "
        "seeing yours, and both sets change hands at once. The game waits for their choice. You can never "
        "give more cards than the next player holds.",
        "任意：出した7の枚数（Jokerは数えない）まで手札を選んで次の人に渡せます（使わなくてもよい）。"
        "受け取る人はあなたの札を見ずに同じ枚数を自分の手札から選び、同時に交換します。ゲームはその選択を待ちます。"
        "相手の手札の枚数より多くは渡せません。",
    ),
    (
        "eight",
        ("GC-13",),
        "8 「The Knight's Slash」",
        "8「騎士の斬撃」",
        "Mandatory: the field is cleared at once and you lead next. 8s are worth 0 points, so this clear scores "
        "nothing. Going out with an 8 is an illegal finish.",
        "必ず発動：場がすぐに流れ、あなたが親になります。8は0点なので、この場流しでは点数は入りません。"
        "8で上がると反則上がりです。",
    ),
    (
        "ten",
        ("GC-14", "GC-20"),
        "10 「The Agonising Choice」",
        "10「苦悩の選択」",
        "Optional: discard one card of your choice from your hand, face up (one card per play, however many "
        "10s). Discarding your last card is an illegal finish.",
        "任意：手札から好きな1枚を表向きで捨てられます（何枚出しても1枚）。最後の1枚を捨てて上がると反則上がりです。",
    ),
    (
        "spade_three",
        ("GC-7", "GC-16"),
        "Spade 3 「The Apprentice Maid」",
        "スペードの3「見習いの侍女」",
        "Optional counter: play the spade 3 alone on a lone Joker (even on a locked field). The field is "
        "cleared at once and you score the spade 3's points (2 normal, 1 revolution) and lead.",
        "任意のスペ3返し：単体のJokerに対してスペードの3を1枚で出せます（縛り中でも可）。場がすぐに流れ、"
        "スペードの3の点数（平常2点・革命1点）を得て親になります。",
    ),
    (
        "points",
        ("GC-17", "GC-18"),
        "Points",
        "点数",
        "At each clear the last player scores their play's points, read in the effective state at that moment "
        "(so 11s that clear their own field score their revolution value, 2). A play scores once, not per "
        "card; with a Joker inside, the lowest value (0) counts. Normal: 3-7, 9, 10 = 2; 11-15 = 1. "
        "Revolution: 3-7, 9, 10 = 1; 11-15 = 2. 8s and Jokers are always 0.",
        "場が流れたとき、最後に出した人がその札の点数を得ます。点数はその時点の実際の状態で読みます（11で流すと"
        "11バックにより革命の値2点）。複数枚でも加算せず1回分、Jokerを含むと低い方（0点）になります。"
        "平常：3〜7・9・10が2点、11〜15が1点。革命：3〜7・9・10が1点、11〜15が2点。8とJokerは常に0点。",
    ),
    (
        "finishing",
        ("GC-19",),
        "Going out and bonus",
        "上がりとボーナス",
        "Empty your hand to go out. When one player alone holds cards the game ends at once (a play still on "
        "the field is not scored). Bonus by finishing order: with N players 1st gets N, 2nd N-1, ... last 1. "
        "The player left holding cards ranks after every legal finisher.",
        "手札を0枚にすると上がりです。手札を持つ人が1人になった時点でゲーム終了です（場に残った札は得点になりません）。"
        "上がり順のボーナス：N人なら1位N点、2位N-1点…最下位1点。最後まで手札が残った人は正しく上がった全員の次です。",
    ),
    (
        "illegal_finish",
        ("GC-20",),
        "Illegal finishes",
        "反則上がり",
        "Going out with a play that contains a Joker or an 8, a 15 in the normal effective state or a 3 in the "
        "revolution effective state (the state the play was made in), or by discarding your last card with a "
        "10, is an illegal finish: you are out, placed last (a later foul ranks above an earlier one) with "
        "bonus 0. Points already scored are kept. A 7 trade swaps equal numbers of cards, so it never empties "
        "a hand.",
        "Joker・8を含む札、平常（実際の状態）での15、革命（実際の状態）での3で上がる、または10の効果で最後の1枚を"
        "捨てて上がると反則上がりです。その人は抜けますが最下位扱い（後から反則した人ほど上）でボーナスは0点。"
        "それまでの点数は残ります。7の交換は同じ枚数を交換するので手札が0枚になることはありません。",
    ),
    (
        "winner",
        ("GC-21",),
        "Winner",
        "勝敗",
        "Total = field points + finishing bonus. The highest total wins; equal totals share the place.",
        "合計点＝場流しで得た点数＋上がりボーナス。合計点が最も多い人の勝ちです。同点は同順位です。",
    ),
    (
        "house_rules",
        ("GC-23", "GC-10"),
        "House rules",
        "ハウスルール",
        "once_passed_may_replay (default off): a player who passed may play again later in the same field; "
        "the field is then cleared when everyone else passes in a row after the last play. "
        "show_blind_at_end (default on): the blind cards are shown with the final standings. "
        "Sequences stay off.",
        "once_passed_may_replay（初期値オフ）：パスした人も同じ場で再び出せます。その場合、最後の札の後に他の全員が"
        "続けてパスすると場が流れます。show_blind_at_end（初期値オン）：終了時にブラインドカードを公開します。"
        "階段はありません。",
    ),
    (
        "support_cards",
        ("GC-22",),
        "Support cards and score cards",
        "サポートカードと点数カード",
        "The printed game also has support cards and score cards. Score cards are just the point tally, which "
        "the bot keeps for you. Support cards are left out until their rules are known.",
        "製品版にはサポートカードと点数カードもあります。点数カードは点数の記録なのでボットが代わりに数えます。"
        "サポートカードはルールが判明するまで使いません。",
    ),
]


def rule_sections() -> list[RuleSection]:
    return [
        RuleSection(id=i, title=Text(en=te, ja=tj), body=Text(en=be, ja=bj), rule_ids=ids)
        for i, ids, te, tj, be, bj in _SECTIONS
    ]


_EFFECT_TEXT: dict[str, tuple[str, str]] = {
    "skip_next": ("Mandatory: the next player is skipped once (GC-11).", "必ず発動：次の人を1人飛ばす（GC-11）。"),
    "trade_cards": (
        "Optional: trade up to one card per 7 played with the next player, chosen blind (GC-12).",
        "任意：出した7の枚数まで、次の人と札を見ずに交換する（GC-12）。",
    ),
    "clear_field": (
        "Mandatory: the field is cleared at once; you lead. Scores 0 (GC-13).",
        "必ず発動：場がすぐに流れ、自分が親。0点（GC-13）。",
    ),
    "discard": (
        "Optional: discard one card from your hand (GC-14).",
        "任意：手札を1枚捨てる（GC-14）。",
    ),
    "reverse_until_clear": (
        "Mandatory: strength is reversed from the next play until the field is cleared (GC-15).",
        "必ず発動：次の札から場が流れるまで強さが逆転（GC-15）。",
    ),
    "joker_counter": (
        "Optional: played alone on a lone Joker, clears the field at once and scores (GC-7).",
        "任意：単体のJokerに対して1枚で出すと場がすぐに流れ、点数を得る（GC-7）。",
    ),
}

_FOUL_TEXT: dict[str, tuple[str, str]] = {
    "always": ("Going out with it is an illegal finish.", "これで上がると反則上がり。"),
    "normal": ("Going out with it in the normal state is an illegal finish.", "平常状態でこれで上がると反則上がり。"),
    "revolution": (
        "Going out with it in revolution is an illegal finish.",
        "革命状態でこれで上がると反則上がり。",
    ),
}


def _text(card: Card) -> Text:
    en: list[str] = []
    ja: list[str] = []
    n, r = POINTS[card.rank]
    en.append(f"Points: normal {n} / revolution {r}.")
    ja.append(f"点数：平常{n}点／革命{r}点。")
    if card.is_joker:
        en.append("Wild inside a group; alone it beats any single card in either state (GC-4, GC-7).")
        ja.append("組の中ではワイルドカード。単体ならどの状態でもどのシングルにも勝つ（GC-4, GC-7）。")
    effect: Effect | None = card.effect
    if effect is not None:
        e, j = _EFFECT_TEXT[effect.type]
        en.append(e)
        ja.append(j)
    foul = FOUL[card.rank]
    if foul != "never":
        e, j = _FOUL_TEXT[foul]
        en.append(e)
        ja.append(j)
    return Text(en=" ".join(en), ja="".join(ja))


def _aliases(card: Card) -> tuple[str, ...]:
    if card.is_joker:
        num = card.id[2:]
        return (card.id, "JOKER", "joker", f"joker {num}", f"joker{num}", "ジョーカー", f"ジョーカー{num}")
    suit = SUITS[card.suit]
    r = card.rank
    out = [card.id, f"{suit.symbol}{r}", f"{r}{suit.symbol}", f"{suit.name.ja}{r}", f"{suit.name.ja}の{r}"]
    for a in suit.aliases:
        out += [f"{a} {r}", f"{r} of {a}"] if a.isascii() else [f"{a}{r}"]
    return tuple(dict.fromkeys(out))


def _fields(card: Card) -> tuple[CardField, ...]:
    n, r = POINTS[card.rank]
    if card.is_joker:
        number = Text(en="Joker", ja="ジョーカー")
        suit = Text(en="any (wild)", ja="なんでも（ワイルド）")
    else:
        number = Text(en=str(card.rank), ja=str(card.rank))
        suit = SUITS[card.suit].name
    return (
        CardField(name=Text(en="Number", ja="数字"), value=number),
        CardField(name=Text(en="Suit", ja="柄"), value=suit),
        CardField(
            name=Text(en="Points", ja="点数"),
            value=Text(en=f"normal {n} / revolution {r}", ja=f"平常{n}点／革命{r}点"),
        ),
    )


def card_infos() -> list[CardInfo]:
    infos = []
    for card in CARDS.values():
        if card.is_joker:
            label_en, label_ja = f"Joker {card.id[2:]}", f"ジョーカー{card.id[2:]}"
        else:
            suit = SUITS[card.suit]
            label_en = f"{suit.name.en} {card.rank}"
            label_ja = f"{suit.name.ja}の{card.rank}"
        infos.append(
            CardInfo(
                id=card.id,
                name=Text(en=f"{label_en} 「{card.title.en}」", ja=f"{label_ja}「{card.title.ja}」"),
                text=_text(card),
                aliases=(*_aliases(card), card.title.en, card.title.ja),
                fields=_fields(card),
            )
        )
    assert len(infos) == len(CARDS) and all(j in CARDS for j in JOKERS)
    return infos
