"""Messages for the 川牌 engines (pairing game ``chuanpai``, trick game ``chuanpai-tricks``).

``MESSAGES`` holds every reason code and count-line code the two engines produce,
in English and Chinese with the same placeholders. ``REGION_LABELS`` names the
regions of :data:`app.engine.chuanpai.cards.REGIONAL_NAMES` for the card gallery.
"""

MESSAGES: dict[str, dict[str, str]] = {
    # -- refusals shared by both games -------------------------------------------
    "cp-not-your-turn": {
        "en": "{seat} may not act now: {actor} must act first.",
        "zh": "现在不是{seat}行动，轮到{actor}。",
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
    "cp-no-such-seat": {
        "en": "There is no such seat: this table has {seats} seats, Seat 1 to Seat {seats}.",
        "zh": "没有这个座位：这一桌有 {seats} 个座位，从 1 号位到 {seats} 号位。",
    },
    "cp-no-such-action": {
        "en": "'{kind}' is not an action of this game.",
        "zh": "这种玩法没有“{kind}”这个动作。",
    },
    # -- the pairing game 挤儿 ---------------------------------------------------
    "cp-card-on-offer": {
        "en": "{card}, given up by {seat}, is on offer: it is taken (peng, yan, qi, kang, bai) "
        "or passed up, seat by seat, before anyone lays a group, goes out or discards.",
        "zh": "{seat}的{card}正在等人要：各家依次碰、燕、起、扛、摆或不要，这之前谁都不能放组、胡牌或打牌。",
    },
    "cp-nothing-on-offer": {
        "en": "No card is on offer: '{kind}' answers a card just discarded or turned up.",
        "zh": "现在没有打出或翻出的牌：“{kind}”只能用在刚打出或刚翻出的牌上。",
    },
    "cp-laying-out": {
        "en": "The deal has just been dealt: each seat lays out its groups (an, liang, yan, qi) "
        "and says 'done'; only then does play begin, so no '{kind}' yet.",
        "zh": "刚抓完牌：各家先把手里成组的牌（暗、亮、燕、起）放下，都放完了才开始打牌，"
        "现在还不能“{kind}”。",
    },
    "cp-bad-cards": {
        "en": "Not with those cards: the '{kind}' you may make now is {cards}.",
        "zh": "不是这几张牌：你现在能做的“{kind}”是 {cards}。",
    },
    "cp-takes-no-cards": {
        "en": "'{kind}' takes no cards: choose it without picking any.",
        "zh": "“{kind}”不用选牌：不选任何牌，直接选它就行。",
    },
    "cp-cannot-take": {
        "en": "You cannot make a '{kind}' with {card}: your hand has no cards for it.",
        "zh": "不能用 {card} 做“{kind}”：你手里没有能跟它成组的牌。",
    },
    "cp-bad-group": {
        "en": "{cards} do not make a '{kind}' (an: three alike, liang: four alike, yan: the three "
        "sevens, qi: the fourth card to your an).",
        "zh": "{cards} 做不成“{kind}”（暗：三张相同，亮：四张相同，燕：三张不同的七点，起：暗的第四张）。",
    },
    "cp-must-go-out": {
        "en": "Every card of yours is in a group: you go out now instead of discarding.",
        "zh": "你手里的牌都成组了：现在就胡牌，不再打牌。",
    },
    "cp-own-turn": {
        "en": "On a turn a seat lays groups (an, liang, yan, qi), goes out or discards: "
        "'{kind}' has no place in it.",
        "zh": "轮到自己时只能放组（暗、亮、燕、起）、胡牌或打牌，不能“{kind}”。",
    },
    "cp-must-take": {
        "en": "You must take {card}: a card of yours has no partner yet and pairs with it "
        "(if you can take it, you must).",
        "zh": "必须吃 {card}：你手里有一张还没有配对的牌能和它成挤儿（能吃必须吃）。",
    },
    "cp-must-group": {
        "en": "First lay the {kind} {cards}: your hand is not at qitou (level heads), so this group cannot wait.",
        "zh": "先把 {cards} 做成“{kind}”放下：你不是齐头，这一组必须放。",
    },
    "cp-split-jier": {
        "en": "{card} is paired in your hand; discard a spare card instead "
        "(never break a jier to discard).",
        "zh": "{card} 在手里已经配成挤儿，不能拆了挤儿打，请打一张光棍。",
    },
    "cp-must-guo": {
        "en": "{card} must be laid face down as a guopai: it pairs with a card that passed you "
        "earlier when you could not take it.",
        "zh": "{card} 必须扣在门前作过牌：早先经过你面前、你当时吃不了的牌正好和它配对。",
    },
    "cp-guo-not-laid": {
        "en": "Foul: {card} should have been laid as a guopai; taking {taken} with it now shows "
        "that an earlier card was not eaten. The deal ends.",
        "zh": "犯规：{card} 本该扣作过牌；现在用它摆 {taken}，说明早先该吃的牌没吃。本局结束。",
    },
    "cp-not-complete": {
        "en": "Not every card is in a group yet, so you cannot go out.",
        "zh": "还有牌没有成组，不能胡牌。",
    },
    "cp-own-discard": {
        "en": "Nobody takes back the card they discarded: {card} is offered to the others.",
        "zh": "自己打出的牌不能再拿回来：{card} 只能由别家吃碰。",
    },
    "cp-claim-waits": {
        "en": "{seat} may use {card} only after a pass from {to_act}: groups (peng, yan, qi, "
        "kang) come before bai, each in turn from the discarder's next seat.",
        "zh": "{seat}要等{to_act}不要{card}才能用它：碰、燕、起、扛先于摆，同一类按打牌人下家起的顺序。",
    },
    "cp-cannot-use": {
        "en": "{seat} can make no claim on {card}: no group and no jier can be made with it, "
        "or it was passed up already.",
        "zh": "{seat}不能要{card}：用这张牌成不了组，也配不成挤儿，或者已经不要了。",
    },
    "cp-extra-seat-no-bai": {
        "en": "An extra seat (fifth player and beyond) may peng, yan or kang but never bai.",
        "zh": "第五家及以后的座位只能碰、燕、扛，不能摆。",
    },
    # -- pairing game count lines ------------------------------------------------
    "cp-jier-20": {
        "en": "{count} jier of 20, {each} hu each",
        "zh": "二十点的挤儿 {count} 个，每个 {each} 胡",
    },
    "cp-jier-10": {
        "en": "{count} jier of 10, {each} hu each",
        "zh": "十点的挤儿 {count} 个，每个 {each} 胡",
    },
    "cp-peng": {"en": "{count} peng, {each} hu each", "zh": "碰 {count} 个，每个 {each} 胡"},
    "cp-yan": {
        "en": "{count} yan (three sevens), {each} hu each",
        "zh": "燕 {count} 个，每个 {each} 胡",
    },
    "cp-an": {"en": "{count} an, {each} hu each", "zh": "暗 {count} 个，每个 {each} 胡"},
    "cp-qi": {"en": "{count} qi, {each} hu each", "zh": "起 {count} 个，每个 {each} 胡"},
    "cp-liang": {"en": "{count} liang, {each} hu each", "zh": "亮 {count} 个，每个 {each} 胡"},
    "cp-kang": {"en": "{count} kang, {each} hu each", "zh": "扛 {count} 个，每个 {each} 胡"},
    "cp-jing-peng": {
        "en": "{count} peng with a jingpai (ten times), {each} hu each",
        "zh": "经牌的碰 {count} 个（十倍），每个 {each} 胡",
    },
    "cp-jing-an": {
        "en": "{count} an with a jingpai (ten times), {each} hu each",
        "zh": "经牌的暗 {count} 个（十倍），每个 {each} 胡",
    },
    "cp-jing-qi": {
        "en": "{count} qi with the jingpai (ten times), {each} hu each",
        "zh": "经牌的起 {count} 个（十倍），每个 {each} 胡",
    },
    "cp-jing-liang": {
        "en": "{count} liang of the jingpai (ten times), {each} hu each",
        "zh": "经牌的亮 {count} 个（十倍），每个 {each} 胡",
    },
    "cp-jing-kang": {
        "en": "{count} kang of the jingpai (ten times), {each} hu each",
        "zh": "经牌的扛 {count} 个（十倍），每个 {each} 胡",
    },
    "cp-base": {
        "en": "Base: every loser pays 1 more than the hu",
        "zh": "基数：每家在胡数之外再付 1",
    },
    # -- the trick game 打天九 -----------------------------------------------------
    "cp-tj-no-pass": {
        "en": "There is no passing in the trick game: every player plays to the trick, as many "
        "cards as the lead ({count}), beating it if they can, else covering face down.",
        "zh": "打天九不能“过”：每家都要跟牌，张数和首家一样（{count} 张），能压就要压，"
        "压不住就盖牌。",
    },
    "cp-tj-no-trick": {
        "en": "No trick is under way: the player whose turn it is leads a new one; beating and "
        "covering come after a lead.",
        "zh": "现在没有牌可跟：轮到的那一家先带头出新的一轮，压牌和盖牌都要等有人带头以后。",
    },
    "cp-tj-follow": {
        "en": "A trick is under way: follow it with {count} card(s), beating it when able, "
        "else covering face down; the winner of the trick leads the next.",
        "zh": "这一轮还没打完：要跟 {count} 张牌，能压就压，压不住就盖牌；赢这一轮的人再带头出下一轮。",
    },
    "cp-tj-no-beat": {
        "en": "{cards} does not beat the best play so far: cover face down instead.",
        "zh": "{cards} 压不住桌上目前最大的那手：只能盖牌。",
    },
    "cp-tj-must-beat": {
        "en": "You can beat the best play so far, so you must: for example with {cards}.",
        "zh": "你压得住桌上目前最大的那手，就必须压，比如用 {cards}。",
    },
    "cp-tj-wrong-count": {
        "en": "Play {expected} card(s), as many as the lead, not {count}.",
        "zh": "要出 {expected} 张，和首家出的张数一样，而不是 {count} 张。",
    },
    "cp-tj-not-a-lead": {
        "en": "{cards} cannot be led: lead one card, a pair of identical cards, or a combination "
        "(Heaven-nine, Earth-eight, Man-seven, Harmony-five).",
        "zh": "{cards} 不能这样带头出：只能出单张、一对相同的牌，或天九、地八、人七、和五。",
    },
    "cp-tj-first-lead": {
        "en": "At this table the deal's first lead may not hold a Heaven, a red nine or a black "
        "nine: {cards}.",
        "zh": "这一桌的规矩：一局的第一手不许出天牌、红九、黑九：{cards}。",
    },
    "cp-tj-no-tuoshou": {
        "en": "Getting clear takes exactly 15 cards laid out and 5 in hand; you have {cards} laid "
        "out.",
        "zh": "脱手要求门前正好摆 15 张、手里剩 5 张；你现在摆了 {cards} 张。",
    },
    "cp-tj-hard-card": {
        "en": "{card} is a hard card (dingding or erhong): it is laid out at once and never "
        "played.",
        "zh": "{card} 是硬张（丁丁、二红），一拿到就摆在门前，不参与打牌。",
    },
    "cp-tj-played": {
        "en": "{seat} cannot play again in this trick: the best play takes it, then its player "
        "leads.",
        "zh": "{seat}这一轮已经出过牌了：等最大的一家收牌，再由它先出。",
    },
    "cp-tj-no-cards": {
        "en": "{seat} cannot play: no card is left in that hand.",
        "zh": "{seat}手里已经没有牌了。",
    },
    "cp-tj-pile": {
        "en": "{cards} cards laid out",
        "zh": "门前摆牌 {cards} 张",
    },
    "cp-tj-xiaohu": {
        "en": "16 to 20 cards laid out: a small win, worth 1",
        "zh": "摆够 16 张（到 20 张）：小胡，值 1",
    },
    "cp-tj-yijia": {
        "en": "21 or 22 cards laid out: first grade, worth 2 (doubled once)",
        "zh": "摆够 21 张：一甲，翻一倍，值 2",
    },
    "cp-tj-liangjia": {
        "en": "23 cards or more laid out: second grade, worth 4 (doubled twice)",
        "zh": "摆够 23 张：两甲，再翻一倍，值 4",
    },
    "cp-tj-fan": {
        "en": "Fan {n} (three red, four black; it needs {cards} cards laid out): doubled",
        "zh": "第 {n} 翻（三红四黑，摆够 {cards} 张）：翻一倍",
    },
    "cp-tj-tuoshou": {
        "en": "{cards} cards laid out with {in_hand} in hand: getting clear, nobody wins or pays",
        "zh": "摆了 {cards} 张、手里剩 {in_hand} 张：脱手，三家不输不赢",
    },
    "cp-tj-short": {
        "en": "Only {cards} cards laid out ({in_hand} in hand): 16 are needed to win",
        "zh": "只摆了 {cards} 张（手里 {in_hand} 张）：要摆够 16 张才算赢",
    },
    "cp-tj-baopai": {
        "en": "Liable: {seat} led a Heaven or a nine first and did not win, so {seat} must pay "
        "for both losers",
        "zh": "包牌：{seat}第一手出了天牌或九，最后又没有赢，一家替两家输",
    },
    "cp-tj-fapai": {
        "en": "Penalty: {seat} did not beat when able to; the deal stops and {seat} must pay",
        "zh": "罚牌：{seat}能打不打，违规，本局停止，由{seat}赔",
    },
    # -- the strong players' coach (chuanpai/pairing/strong.py, chuanpai/tricks/strong.py) --
    "coach-cp-group": {
        "en": "{action}: lay the group; it counts {points} hu and brings you replacement cards.",
        "zh": "{action}：把这组亮出来，算 {points} 胡，还能偷一张牌。",
    },
    "coach-cp-skip-bai": {
        "en": "{action}: let {card} go; the cards that pair with it are already in a jier,"
        " and breaking one would leave its partner alone.",
        "zh": "{action}：不要 {card}；能和它配的牌都已经成了挤儿，拆开会让另一张落单。",
    },
    "coach-cp-bai-out": {
        "en": "{action}: this bai completes your hand, and you go out.",
        "zh": "{action}：摆了这张，手牌就齐了，可以胡。",
    },
    "coach-cp-discard": {
        "en": "{action}: of your spare cards, this one has the fewest partners left unseen"
        " ({count}).",
        "zh": "{action}：在光棍牌里，这张还没露面的搭档最少（{count} 张）。",
    },
    "coach-cp-pass": {
        "en": "{action}: nothing here helps your hand.",
        "zh": "{action}：这张牌对手牌没有帮助。",
    },
    "coach-tj-lead": {
        "en": "{action}: dealing the cards you cannot see {deals} times and playing on,"
        " this lead did best (average {mean}).",
        "zh": "{action}：把看不到的牌重新发 {deals} 次再打下去，这样出牌结果最好（平均 {mean}）。",
    },
    "coach-tj-beat": {
        "en": "{action}: dealing the cards you cannot see {deals} times and playing on,"
        " this beat did best (average {mean}).",
        "zh": "{action}：把看不到的牌重新发 {deals} 次再打下去，这样压牌结果最好（平均 {mean}）。",
    },
    "coach-tj-cover-low": {
        "en": "{action}: you cannot beat, so cover with your lowest cards and keep the strong ones.",
        "zh": "{action}：压不过，就垫最小的牌，留住大牌。",
    },
    "coach-tj-tuoshou": {
        "en": "{action}: dealing the cards you cannot see {deals} times and playing on,"
        " this did best (average {mean}).",
        "zh": "{action}：把看不到的牌重新发 {deals} 次再打下去，这样结果最好（平均 {mean}）。",
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
