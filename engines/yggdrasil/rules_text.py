"""``/rules`` sections written for players in both languages, and the ``/card`` index of the pool."""

from __future__ import annotations

from engines.core import CardInfo, RuleSection, Text
from engines.yggdrasil.cards import CARDS


def _r(rid: str, ids: tuple[str, ...], title: tuple[str, str], en: str, ja: str) -> RuleSection:
    return RuleSection(id=rid, title=Text(en=title[0], ja=title[1]), body=Text(en=en, ja=ja), rule_ids=ids)


def rule_sections() -> list[RuleSection]:
    return [
        _r(
            "goal",
            ("YG-1", "YG-11"),
            ("Goal", "目的"),
            "Two creators grow rival world trees on one shared field. Each card is a piece of branch; lay "
            "them so the branches join, and at the end the bigger, more fruitful tree wins: 1 point per "
            "card of your tree on the field, plus 1 point per fruit on them.",
            "二人の創造主が、ひとつの場で世界樹を育てて競います。カードは枝の一部です。枝が繋がるように置い"
            "ていき、最後に大きく実り多い樹を育てた方が勝ち。場の自分のカード1枚につき1点、果実1個につき1点"
            "。",
        ),
        _r(
            "field",
            ("YG-1", "YG-2", "YG-4"),
            ("The field and cell names", "場とマスの名前"),
            "The field is 5 columns by 7 rows unless the table chose another size. The picture is drawn "
            "from player 1's side: columns are A, B, C… from left to right, rows 1, 2, 3… from bottom to "
            "top, so A1 is the bottom-left cell. Player 1's root stands in the middle of row 1 (the "
            "bottom), player 2's root in the middle of the top row. Both players name cells with the same "
            "labels.",
            "場は5列×7行です（オプションで変更可）。画像はプレイヤー1側から見て描かれます。列は左か"
            "らA, B, C…、行は下から1, 2, 3…なので、左下がA1です。プレイヤー1のルート（根）は1行目（下端）の"
            "中央、プレイヤー2のルートは最上段の中央に置かれます。マスの呼び名は二人とも同じです。",
        ),
        _r(
            "cards",
            ("YG-3", "YG-4"),
            ("Reading a card", "カードの見方"),
            "The picture is the rule. Each card shows branches reaching some of its four edges (15 shapes: "
            "one with four branches, four with three, six with two, four with one), a power number and "
            "fruit. A card's top edge points away from its owner: player 2's cards lie upside down on the "
            "table, exactly as if they were sitting across from player 1. Strong creatures carry no fruit, "
            "tips with one branch carry the most, and a few one-branch giants are walls that cannot attack.",
            "イラストがそのままルールです。カードには四辺のどこかへ伸びる枝（4方向1種・3方向4種・2方向6種・1"
            "方向4種の全15種）、パワー、果実が描かれています。カードの上辺は持ち主から見て奥を指します。プレ"
            "イヤー2のカードは向かい合って座っているのと同じく、場に上下逆さに置かれます。強い生き物の枝に果"
            "実はなく、枝先（1方向）ほど実が多く、1方向の巨獣は侵攻できない壁になります。",
        ),
        _r(
            "placing",
            ("YG-5",),
            ("Placing a card", "カードを置く（枝を伸ばす）"),
            "Put a card from your hand on an empty cell so that it grows your tree: (1) at least one of its "
            "branches meets a branch of one of your cards pointing back across the same edge; (2) across "
            "every edge it shares with one of your own cards, both have a branch or neither does — a single "
            "branch that hits your own bare edge, or your branch that hits its bare edge, forbids the cell; "
            "(3) no branch may point off the field. Branches may point at empty cells and at your "
            "opponent's cards: their cards never block you. Your hand picture lists the cells each card "
            "fits.",
            "手札のカードを空いているマスに、自分の樹を伸ばすように置きます。(1) 少なくとも1本の枝が、同じ辺"
            "をはさんで自分のカードの枝と繋がること。(2) 自分のカードと接する辺はすべて「両方に枝がある」か"
            "「両方にない」こと。1箇所でも繋がらない所があれば置けません。(3) 場の外へ枝が向いてはいけません"
            "。空きマスや相手のカードへ枝が向くのは構いません（相手のカードは邪魔になりません）。手札の画像"
            "に、各カードを置けるマスが表示されます。",
        ),
        _r(
            "stuck",
            ("YG-6",),
            ("When nothing fits", "置けるカードがないとき"),
            "If no card in your hand fits any cell, discard one card of your choice and draw one (if your "
            "deck is empty, just discard). That turn counts as a turn in which you could not place.",
            "手札のどのカードもどのマスにも置けないときは、好きな1枚を捨てて1枚引きます（山札がなければ捨て"
            "るだけ）。このターンは「カードを置けなかったターン」になります。",
        ),
        _r(
            "turn",
            ("YG-7",),
            ("Your turn", "ターンの流れ"),
            "The first seat (player 1, bottom row) starts. 1. Draw a card (the first player skips this on "
            "the very first turn; an empty deck gives nothing). 2. Place one card (or discard and draw if "
            "nothing fits). 3. Resolve the placed card's effect. 4. You may invade. 5. Your opponent's turn.",
            "先手は最初の席（プレイヤー1、下の段）。1. カードを1枚引く（先手の1ターン目は引かない。山札が空"
            "なら引かない）。2. カードを1枚置く（置けなければ捨てて引く）。3. 置いたカードの効果を解決す"
            "る。4. 侵攻してもよい。5. 相手のターンへ。",
        ),
        _r(
            "invasion",
            ("YG-8",),
            ("Invasion", "侵攻"),
            "After placing, if a branch of the card you placed points at an opponent's card, you may attack "
            "one such card. Your attack is the power of the placed card plus the power of every other card "
            "of yours whose branch points at that same card. If your attack is at least the target's power, "
            "the target is destroyed; otherwise nothing happens. One invasion per turn.",
            "カードを置いたあと、そのカードの枝の先に相手のカードがあれば、そのうち1枚に侵攻できます。攻撃力"
            "は置いたカードのパワーに、同じ相手カードへ枝を向けている自分の他のカードのパワーを足したもので"
            "す。攻撃力が相手カードのパワー以上なら、そのカードを破壊します。小さければ何も起きません。侵攻"
            "は1ターンに1回です。",
        ),
        _r(
            "destruction",
            ("YG-9",),
            ("Destruction and falling branches", "破壊と枝の崩落"),
            "When a card is destroyed, every card of its owner that is no longer joined to that owner's "
            "root through connected branches falls too. Roots can be attacked: if a root falls, its whole "
            "tree falls. Destroyed cards leave the game (their owner's discard pile).",
            "カードが破壊されると、ルートから繋がった枝をたどって行けなくなった持ち主のカードもすべて一緒に"
            "破壊されます。ルートも侵攻の対象です。ルートが破壊されると、その樹はすべて崩れ落ちます。破壊さ"
            "れたカードは持ち主の捨て札になります。",
        ),
        _r(
            "end",
            ("YG-10",),
            ("End of the game", "ゲームの終わり"),
            "The game ends as soon as (a) no empty cell could take a card for either player — no branch end "
            "of either tree points at an empty cell — or (b) both players could not place a card on each of "
            "their last two turns. A player whose hand and deck are both empty cannot place.",
            "次のどちらかになった時点でゲーム終了です。(a) どちらのプレイヤーにとっても新しくカードを置ける"
            "マスがない（どちらの樹の枝先も空きマスを向いていない）。(b) 両者とも直近2ターン続けてカードを置"
            "けなかった。手札も山札もないプレイヤーはカードを置けません。",
        ),
        _r(
            "score",
            ("YG-11",),
            ("Scoring", "世界樹ポイント"),
            "Each player scores 1 point per own card on the field (the root included) and 1 point per fruit "
            "on those cards. The higher total wins; an equal total is a draw.",
            "場にある自分のカード1枚につき1点（ルートを含む）、そのカードに描かれた果実1個につき1点。合計の"
            "多い方が勝ち、同点なら引き分けです。",
        ),
        _r(
            "decks",
            ("YG-12", "YG-13"),
            ("Decks", "デッキ"),
            # the decks and their plans follow, worded from the deck data (i18n.effects.yggdrasil)
            "Each player plays a ready deck of 20 cards with its own root, and starts with 5 cards in hand.",
            "各プレイヤーは専用のルートつきの20枚の構築済みデッキを使い、手札5枚から始めます。",
        ),
        _r(
            "effects",
            ("YG-14",),
            ("Card effects", "カードの効果"),
            "Fast growth: if this is the only card you placed this turn, you may place one more (its own "
            "effect applies, fast growth cannot repeat). Swap: choose a card on the field and swap it with "
            "another card of the same owner, provided every connection of that tree is kept (same joined "
            "edges, no mismatch, no branch off the field); roots never move. Both effects are optional. "
            "After effects you may invade with any card placed this turn.",
            "成長が早い枝：このターン1枚しか置いていなければ、もう1枚置ける（その効果も解決するが、成長の効"
            "果は重ならない）。入れ替え：場のカードを1枚選び、その持ち主のカードのうち、入れ替えても接続が保"
            "たれる（繋がっている辺が同じで、食い違いも場外への枝もない）カードと入れ替える。ルートは動かな"
            "い。どちらの効果も使わなくてもよい。効果のあと、このターンに置いたカードで侵攻できる。",
        ),
        _r(
            "options",
            ("YG-1", "YG-12", "YG-15"),
            ("Table options", "オプション"),
            "columns/rows: field size from 3x3 to 9x9 (default 5x7; the revised rules plan 4x5). deck_size "
            "and hand_size: D and H (default 20 and 5). deck_p1/deck_p2: grove, beast, wind or random. "
            "branch_colours: a branch joins only a branch of the same colour (roots join every colour).",
            "columns/rows：場の大きさ 3×3〜9×9（既定5×7、改訂版の予定は4×5）。deck_size・hand_size：デッキ枚"
            "数Dと初期手札H（既定20と5）。deck_p1/deck_p2：grove・beast・wind・random。branch_colours：同じ"
            "色の枝同士でないと繋がらない（ルートはどの色とも繋がる）。",
        ),
    ]


def card_infos() -> list[CardInfo]:
    """The ``/card`` index (ids, names, search aliases); the descriptions are worded from the card data above
    the engines (``i18n.effects.yggdrasil``)."""
    return [
        CardInfo(id=card.id, name=card.name, aliases=(card.name.en.lower(), card.name.ja, card.branches))
        for card in CARDS.values()
    ]
