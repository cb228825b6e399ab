"""``/rules`` sections written for players in both languages, and the ``/card`` index."""

from __future__ import annotations

from engines.core import CardInfo, RuleSection, Text
from engines.project_chaos.cards import CARDS


def _r(rid: str, ids: tuple[str, ...], title: tuple[str, str], en: str, ja: str) -> RuleSection:
    return RuleSection(id=rid, title=Text(en=title[0], ja=title[1]), body=Text(en=en, ja=ja), rule_ids=ids)


def rule_sections() -> list[RuleSection]:
    return [
        _r(
            "goal",
            ("PC-5",),
            ("Goal: everyone wins or nobody does", "目的：全員で勝つか、全員で負けるか"),
            "Project Chaos is cooperative: you are one project team. A scenario card sets the victory "
            "condition; it is checked at the end of every turn. If it holds, the whole team wins. If the "
            "project collapses first (see Losing), the whole team loses. Talk it through: the game is about "
            "the story of the project.",
            "プロジェクト・カオスは協力ゲームです。全員がひとつのプロジェクトチームです。勝利条件はシナリオ"
            "カードが決め、毎ターンの終わりに確認します。満たしていればチーム全員の勝利。その前にプロジェク"
            "トが崩壊すれば（「敗北」参照）全員の敗北です。どんどん話し合いましょう。このゲームの主役はプロ"
            "ジェクトの物語です。",
        ),
        _r(
            "cards",
            ("PC-1", "PC-2"),
            ("Reading a card", "カードの見方"),
            "Every card has one or two categories (Technology, User, Management) and a situation value from "
            "-3 to +3: a plus value is a resource, a minus value a trouble, 0 is neutral. Many cards also "
            "have a play effect, used once from your hand. The deck has 42 cards, six of each value.",
            "カードには1つか2つのカテゴリ（テクノロジー・ユーザー・マネジメント）と、-3〜+3の状況値がありま"
            "す。プラスはリソース、マイナスはトラブル、0は中立です。多くのカードには、手札から一度だけ使える"
            "プレイ効果もあります。山札は42枚、各状況値6枚ずつです。",
        ),
        _r(
            "board",
            ("PC-3",),
            ("The board and the tokens", "ボードとトークン"),
            "Three workplaces, one per category, each hold at most one card (card texts call them 置き場). T"
            "he completed-product lane collects finished work in order and has no limit. Used cards go to th"
            "e discard pile. The team shares 0 to 3 resource tokens: gains above 3 and losses below 0 are lo"
            "st.",
            "カテゴリごとに1つ、計3つの仕事場があり、それぞれカードを1枚まで置けます（カードの文では「置き場"
            "」）。完成品レーンには完成した成果が順に並び、枚数の上限はありません。使ったカードは捨て場へ。"
            "リソーストークンはチーム共有で0〜3個。3を超える分、0を下回る分は切り捨てです。",
        ),
        _r(
            "die",
            ("PC-4",),
            ("The chaos die", "混沌ダイス"),
            "The four-sided chaos die shows how chaotic the project is (0 to 3). It is loaded: a roll gives "
            "2 40% of the time, 1 30%, 0 20% and 3 only 10%. It is rolled only when a card says so; other "
            "cards raise, lower or set it.",
            "4面体の混沌ダイスはプロジェクトの混沌度（0〜3）を示します。いかさまダイスで、振ると2が40%、1が3"
            "0%、0が20%、3はわずか10%。振るのはカードに書かれたときだけで、ほかのカードは目を増やしたり減ら"
            "したり、決めたりします。",
        ),
        _r(
            "scenarios",
            ("PC-5",),
            ("Scenarios", "シナリオ（勝利条件）"),
            # each scenario's goal follows, worded from the scenario data (i18n.effects.project_chaos)
            "Choose one with the scenario option (or random):",
            "オプション scenario で選びます（random も可）：",
        ),
        _r(
            "setup",
            ("PC-6", "PC-5"),
            ("Setting up", "準備"),
            "The deck is shuffled and everyone gets 3 cards. The scenario sets the die, the tokens and, for "
            "Firefighting, a trouble card in each workplace, taken from the deck. Every other card stays in "
            "the deck. For a harder game, the option deck=short (crunch) keeps only the scenario's shorter "
            "deck and sets the rest aside face down for the whole game. The first seat starts; turns go "
            "round in seat order.",
            "山札をシャッフルし、全員に3枚ずつ配ります。シナリオに従って混沌ダイスとリソースを合わせ、炎上鎮"
            "火では山札からトラブルカードを1枚ずつ各仕事場に置きます。残りのカードはすべて山札に入れます。"
            "難しくしたいときはオプション deck=short（短納期）で、シナリオごとの短い山札だけを残し、残り"
            "は裏向きのままゲームから除きます。最初の席の人から、席順にターンを回します。",
        ),
        _r(
            "turn",
            ("PC-7", "PC-8"),
            ("Your turn", "ターンの流れ"),
            "Pick one card from your hand and do one thing with it. A) Play it: resolve its play effect, "
            "then discard it (a card without one cannot be played). B) Discard it. C) Place it in the "
            "workplace of one of its categories: the tokens change by its value. Then chaos happens (see "
            "The die in play), then you draw 1 card back to 3. If the deck is empty when you must draw, the "
            "project fails.",
            "手札から1枚選び、次のどれか1つを行います。A) プレイ：プレイ効果を処理して捨てる（プレイ効果のな"
            "いカードはプレイできない）。B) 捨てる。C) 配置：そのカードのカテゴリの仕事場に置き、状況値の分"
            "だけリソースが増減する。そのあと混沌（「ダイスの影響」参照）が起き、山札から1枚引いて手札を3枚"
            "に戻します。引くべき時に山札が空なら、プロジェクトは失敗です。",
        ),
        _r(
            "push-out",
            ("PC-7",),
            ("Placing on an occupied workplace", "押し出し（カードがある仕事場に置く）"),
            "If the workplace already held a card, that old card leaves, by its value v. A resource (v > "
            "0): pay v tokens to move it to the lane, or it is discarded. Neutral (v = 0): it moves to the "
            "lane for free. A trouble (v < 0): pay |v| tokens to discard it, or it moves to the lane for "
            "free. You choose only when you have enough tokens (after the new card's change).",
            "置いた仕事場に元のカードがあれば、その状況値vによって行き先が決まります。リソース（v>0）：v個払"
            "えば完成品レーンへ（成果をまとめる）、払わなければ捨て場へ。中立（v=0）：無料でレーンへ。トラブ"
            "ル（v<0）：|v|個払えば捨て場へ（押し出し）、払わなければ無料でレーンへ。選べるのは、新しいカー"
            "ドの増減のあとでトークンが足りるときだけです。",
        ),
        _r(
            "chaos",
            ("PC-9", "PC-9a"),
            ("The die in play", "ダイスの影響（混沌）"),
            "After your action, the die acts. 0 or 1: nothing. 2: draw a card, then discard any card from "
            "your hand. 3: the top 2 cards of the deck are revealed and you resolve both now, in the order "
            "you choose: a card with a play effect is played, any other card is placed (you pick the "
            "workplace and the push-out). These forced cards do not trigger chaos again. If the deck is "
            "empty, a 2 or a 3 does nothing (a 3 with one card left reveals just that one): chaos never "
            "fails the project by itself.",
            "アクションのあと、ダイスの目に応じて混沌が起きます。0・1：何もなし。2：山札から1枚引き、手札か"
            "ら好きな1枚を捨てる。3：山札の上2枚を公開し、好きな順にすぐ処理する。プレイ効果のあるカードはプ"
            "レイ、それ以外は配置（仕事場と押し出しは自分で選ぶ）。この強制処理で混沌は再び起きません。山"
            "札が空なら2も3も何も起きません（残り1枚なら3はその1枚だけを公開）。混沌そのものでプロジェクト"
            "が失敗することはありません。",
        ),
        _r(
            "stagnation",
            ("PC-10",),
            ("Stagnation", "停滞ペナルティ"),
            "A round starts with the first seat. If during a whole round no card effect touched the die "
            "(raised, lowered, set or rolled it, even without changing the face), the die goes up by 1 at "
            "the round's end. The victory check at the end of the last turn comes first.",
            "ラウンドは最初の席の人から始まります。1ラウンドの間、誰のカード効果も混沌ダイスに触れなかった（"
            "増やす・減らす・決める・振る。目が変わらなくても触れたことになる）場合、ラウンドの終わりにダイ"
            "スが+1されます。最後のターンの終わりの勝利判定が先です。",
        ),
        _r(
            "losing",
            ("PC-11",),
            ("Losing", "敗北"),
            "The project fails at once when: you must draw and the deck is empty; an effect raises the die "
            "above 3; or stagnation raises it from 3.",
            "次のどれかが起きた瞬間にプロジェクトは失敗です：補充で引くべき山札がない／効果で混沌ダイスが3を"
            "超える／停滞ペナルティで3からさらに上がる。",
        ),
        _r(
            "talk",
            ("PC-12",),
            ("Talk cards", "コミュニケーションカード"),
            "All agree: everyone, the player of the card included, votes yes or no; the card's effect "
            "applies only if every vote is yes, otherwise its 'no' effect (if any). The vote closes when "
            "the last player has voted. Someone has lived this: anyone who has really lived the card's "
            "event may claim it; the first claim closes it and the 'claimed' effect applies. If everyone "
            "passes, the 'unclaimed' effect applies. Computer teammates vote yes when the yes effect helps "
            "the team from what they can see, and never claim to have lived anything.",
            "全員の合意：カードを出した人も含めて全員が賛成か反対を投票し、全員賛成のときだけ効果が発動しま"
            "す（反対があれば「反対時」の効果）。最後の1人が投票すると締め切りです。体験者はいる？：その出来"
            "事を本当に体験した人は名乗り出られます。最初に名乗り出た人で締め切られ、「名乗り出た時」の効果"
            "が発動。全員が見送れば「誰もいない時」の効果です。コンピューターの仲間は、見えている情報から賛"
            "成の効果がチームのためになるときに賛成し、体験を名乗り出ることはありません。",
        ),
    ]


def card_infos() -> list[CardInfo]:
    """The ``/card`` index (ids, names, search aliases); the descriptions are worded from the card data above
    the engines (``i18n.effects.project_chaos``)."""
    return [
        CardInfo(id=card.id, name=card.name, aliases=(card.name.en.lower(), card.name.ja, *card.aliases))
        for card in CARDS.values()
    ]
