"""Messages for the 川牌 engines (pairing game ``chuanpai``, trick game ``chuanpai-tricks``).

``MESSAGES`` holds every reason code and count-line code the two engines produce,
in English and Chinese with the same placeholders. ``REGION_LABELS`` names the
regions of :data:`app.engine.chuanpai.cards.REGIONAL_NAMES` for the card gallery.
"""

MESSAGES: dict[str, dict[str, str]] = {
    # -- refusals shared by both games -------------------------------------------
    "cp-not-your-turn": {
        "en": "It is not seat {seat}'s turn: seat {actor} acts now.",
        "zh": "现在不是 {seat} 号座位行动，轮到 {actor} 号座位。",
    },
    "cp-illegal-action": {
        "en": "'{kind}' with {cards} is not possible at this moment.",
        "zh": "此刻不能用 {cards} 做“{kind}”。",
    },
    "cp-deal-over": {
        "en": "This deal is already over.",
        "zh": "这一局已经结束了。",
    },
    "cp-no-such-card": {
        "en": "There is no {card} in that hand.",
        "zh": "手里没有 {card}。",
    },
    # -- the pairing game 挤儿 ---------------------------------------------------
    "cp-must-take": {
        "en": "You must take {card}: a card of yours has no partner yet and pairs with it "
        "(能吃必须吃: if you can eat, you must).",
        "zh": "必须吃 {card}：你手里有一张还没有配对的牌能和它成挤儿（能吃必须吃）。",
    },
    "cp-must-group": {
        "en": "First lay the {kind} {cards}: you are not in 齐头, so this group cannot wait.",
        "zh": "先把 {cards} 做成“{kind}”放下：你不是齐头，这一副不能不下。",
    },
    "cp-split-jier": {
        "en": "{card} is paired in your hand; discard a spare card instead "
        "(不能拆挤儿打: never break a pair to discard).",
        "zh": "{card} 在手里已经配成挤儿，不能拆了挤儿打，请打一张富裕的牌。",
    },
    "cp-must-guo": {
        "en": "{card} must be laid face down as a 过牌: it pairs with a card that passed you "
        "earlier when you could not take it.",
        "zh": "{card} 必须扣在门前作过牌：早先经过你面前、你当时吃不了的牌正好和它配对。",
    },
    "cp-guo-not-laid": {
        "en": "Foul: {card} should have been laid as a 过牌; taking {taken} with it now shows "
        "that an earlier card was not eaten. The deal ends.",
        "zh": "犯规：{card} 本该扣作过牌；现在用它摆 {taken}，说明早先该吃的牌没吃。本局结束。",
    },
    "cp-not-complete": {
        "en": "Not every card is in a group yet, so you cannot go out.",
        "zh": "还有牌没有成副，不能和牌。",
    },
    "cp-extra-seat-no-bai": {
        "en": "An extra seat (fifth player and beyond) may 碰, 燕 or 扛 but never 摆.",
        "zh": "第五家及以后的座位只能碰、燕、扛，不能摆。",
    },
    # -- pairing game count lines ------------------------------------------------
    "cp-jier-20": {
        "en": "{count} 挤儿 summing to 20, {each} 胡 each",
        "zh": "二十点的挤儿 {count} 个，每个 {each} 胡",
    },
    "cp-jier-10": {
        "en": "{count} 挤儿 summing to 10, {each} 胡 each",
        "zh": "十点的挤儿 {count} 个，每个 {each} 胡",
    },
    "cp-peng": {"en": "{count} 碰, {each} 胡 each", "zh": "碰 {count} 个，每个 {each} 胡"},
    "cp-yan": {
        "en": "{count} 燕 (three sevens), {each} 胡 each",
        "zh": "燕 {count} 个，每个 {each} 胡",
    },
    "cp-an": {"en": "{count} 暗, {each} 胡 each", "zh": "暗 {count} 个，每个 {each} 胡"},
    "cp-qi": {"en": "{count} 起, {each} 胡 each", "zh": "起 {count} 个，每个 {each} 胡"},
    "cp-liang": {"en": "{count} 亮, {each} 胡 each", "zh": "亮 {count} 个，每个 {each} 胡"},
    "cp-kang": {"en": "{count} 扛, {each} 胡 each", "zh": "扛 {count} 个，每个 {each} 胡"},
    "cp-jing-peng": {
        "en": "{count} 碰 with a 经牌 (ten times), {each} 胡 each",
        "zh": "经牌的碰 {count} 个（十倍），每个 {each} 胡",
    },
    "cp-jing-an": {
        "en": "{count} 暗 with a 经牌 (ten times), {each} 胡 each",
        "zh": "经牌的暗 {count} 个（十倍），每个 {each} 胡",
    },
    "cp-jing-qi": {
        "en": "{count} 起 with the 经牌 (ten times), {each} 胡 each",
        "zh": "经牌的起 {count} 个（十倍），每个 {each} 胡",
    },
    "cp-jing-liang": {
        "en": "{count} 亮 of the 经牌 (ten times), {each} 胡 each",
        "zh": "经牌的亮 {count} 个（十倍），每个 {each} 胡",
    },
    "cp-jing-kang": {
        "en": "{count} 扛 of the 经牌 (ten times), {each} 胡 each",
        "zh": "经牌的扛 {count} 个（十倍），每个 {each} 胡",
    },
    "cp-base": {
        "en": "Base: every loser pays 1 more than the 胡",
        "zh": "基数：每家在胡数之外再付 1",
    },
}

REGION_LABELS: dict[str, dict[str, str]] = {
    "points-001": {
        "en": "Named by pips and colour (seed 001, first list)",
        "zh": "按点数和颜色称呼（资料 001 第一份名单）",
    },
    "points-000": {
        "en": "Named by pips and colour (seed 000)",
        "zh": "按点数和颜色称呼（资料 000）",
    },
    "dice-001": {
        "en": "Named after the dice throw (seed 001, 'common names')",
        "zh": "按骰子点称呼（资料 001“常见叫法”）",
    },
    "tianjiu-000": {
        "en": "Names of the trick game 天九 (seed 000)",
        "zh": "打天九的叫法（资料 000）",
    },
}
