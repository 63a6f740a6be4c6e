"""Messages for the 字牌 engine (Hunan 跑胡子, Guilin 大字牌): reasons and count lines.

Codes are those of :mod:`app.engine.zipai` (``REASON_CODES``, ``ERROR_CODES``,
``settle.COUNT_CODES``). Most carry the ``zp-`` prefix; the four named by the
project brief (``must-bi``, ``chou-card``, ``breaks-kan``, ``lower-priority``) do not.

The two games name many things differently (一句话 / 顺子, 绞 / 搭子, 胡息 / 胡, 偎 / 扫 …):
a template says ``{w:concept}`` and gets the word of the game it is shown for from the
term table (content/terms.yaml); :data:`BY_GAME` holds the few sentences that differ.
"""

MESSAGES: dict[str, dict[str, str]] = {
    # ------------------------------------------------------------ refused actions
    "zp-game-over": {
        "en": "This deal is over: no more actions.",
        "zh": "这一局已经结束，不能再行动。",
    },
    "zp-not-your-turn": {
        "en": "{seat} may not act yet.",
        "zh": "现在还没轮到{seat}行动。",
    },
    "lower-priority": {
        "en": "Wait: {seat} must decide first ({stage} comes before you).",
        "zh": "请稍等：{seat}先决定（{stage}优先于你）。",
    },
    "zp-must-take-forced": {
        "en": "You must {kind} with {card} now: this move is compulsory.",
        "zh": "你现在必须用 {card} {kind}：这是强制的。",
    },
    "zp-must-draw": {
        "en": "Turn the next card from the stock first.",
        "zh": "请先从墩上摸牌。",
    },
    "zp-stock-next": {
        "en": "{seat} must turn the next card from the stock now: nobody discards before it is "
        "turned.",
        "zh": "现在由{seat}翻墩上的下一张牌：翻牌之前谁都不能出牌。",
    },
    "zp-discard-next": {
        "en": "{seat} must play now (a discard, or a win): the next card is turned only after "
        "that.",
        "zh": "现在由{seat}出牌（或胡牌），之后才翻下一张牌。",
    },
    "zp-not-allowed-now": {
        "en": "'{kind}' is not possible at this moment of the deal.",
        "zh": "此刻不能做“{kind}”。",
    },
    "zp-not-in-hand": {
        "en": "You do not hold {cards} in your hand.",
        "zh": "你手里没有 {cards}。",
    },
    "breaks-kan": {
        "en": "{cards} belong to a kan (three alike in hand): a kan is never broken up or discarded.",
        "zh": "{cards} 属于一坎（手中三张相同）：坎不能拆开，也不能打出。",
    },
    "zp-no-discard-needed": {
        "en": "No discard now: after a second {w:pao} or {w:ti} ({w:bakuai}) you play on"
        " without discarding.",
        "zh": "现在不用出牌：第二次{w:pao}或{w:ti}之后（{w:bakuai}）不出牌，轮到下家。",
    },
    "zp-must-discard": {
        "en": "You took a card, so you must discard one now.",
        "zh": "你进了牌，现在必须打出一张。",
    },
    "zp-not-complete": {
        "en": "These cards do not make seven groups yet, so this is not a win.",
        "zh": "这些牌还凑不成七方门子，不能胡。",
    },
    "zp-below-minimum": {
        "en": "The hand is complete but scores only {huxi} {w:huxi}; at least {min} are needed"
        " to win.",
        "zh": "牌型已成，但只有 {huxi} {w:huxi}，至少要 {min} {w:huxi}才能胡。",
    },
    "zp-chou-hu": {
        "en": "You passed up winning on {card} before and your current huxi has not changed: no win on it now.",
        "zh": "你之前能胡 {card} 而没胡，之后进牌区的胡息没有变化，现在不能胡（臭胡）。",
    },
    "zp-no-win-on-discard": {
        "en": "In this game you can only win on a card turned from the stock, not on the discard {card}.",
        "zh": "这种玩法只能胡从墩上摸出来的牌，不能胡别人打出的 {card}。",
    },
    "chou-card": {
        "en": "{card} is stale for you: you could have taken it before and did not, so you may not take it now.",
        "zh": "{card} 是你的臭牌：你之前能吃或碰却没有要，现在不能再要。",
    },
    "zp-own-discard": {
        "en": "You discarded {card} earlier in this deal: nobody takes back a card they threw away.",
        "zh": "{card} 是你这一局打出过的牌，自己打过的牌不能再吃或碰。",
    },
    "zp-not-next-seat": {
        "en": "Only the seat that turned {card} and the next seat may eat it (only the next seat for a discard).",
        "zh": "只有摸出 {card} 的人和他的下家可以吃（打出的牌只有下家能吃）。",
    },
    "zp-bad-chi": {
        "en": "{cards} is not a {w:yijuhua} or a {w:jiao} containing {card}.",
        "zh": "{cards} 不是含有 {card} 的{w:yijuhua}或{w:jiao}。",
    },
    "must-bi": {
        "en": "You still hold {count} more {card}: each must be laid out in another group with"
        " the chi ({w:bi}).",
        "zh": "你手里还有 {count} 张 {card}，必须随吃一起比出来（{w:bi}）。",
    },
    "zp-cannot-bi": {
        "en": "You could not lay out your other {card} ({count} left) in groups, so you may not eat it.",
        "zh": "你手里另外的 {card}（还有 {count} 张）比不出来，所以不能吃。",
    },
    "zp-bad-bi": {
        "en": "{cards} cannot be laid out as a {w:bi} group for {card}.",
        "zh": "{cards} 不能作为 {card} 的{w:bi}。",
    },
    "zp-no-discard-left": {
        "en": "After this you would have no card left to discard, so you may not take it.",
        "zh": "这样进牌后你手里就没有可打的牌了，所以不能这样进牌。",
    },
    "zp-no-such-seat": {
        "en": "There is no {seat} at this table: it seats three players.",
        "zh": "这张桌上没有{seat}：一桌只坐三个人。",
    },
    "zp-no-such-action": {
        "en": "'{kind}' is not an action of this game.",
        "zh": "这种玩法没有“{kind}”这个动作。",
    },
    "zp-bad-cards": {
        "en": "Yes, you may {kind} now, but with the cards {cards}.",
        "zh": "你现在可以{kind}，但要用 {cards}。",
    },
    "zp-decide-first": {
        "en": "First decide on the {stage} you are asked now; this comes after it.",
        "zh": "请先决定现在问你的“{stage}”，这个在后面。",
    },
    "zp-already-passed": {
        "en": "You already passed on {card} ({stage}): a pass is final for this card.",
        "zh": "你已经放过了 {card}（{stage}），这张牌不能再要。",
    },
    "zp-no-offer": {
        "en": "No card is on offer: a {kind} is made only on a card just turned up or discarded.",
        "zh": "现在没有亮出的牌：{kind} 只能用刚摸出或刚打出的牌。",
    },
    "zp-offer-pending": {
        "en": "{card} is on offer: it is taken or passed up before anyone draws or discards.",
        "zh": "{card} 正在等人要：要或不要决定之后，才能摸牌或出牌。",
    },
    "zp-nothing-to-pass": {
        "en": "You have no use for {card}, so there is nothing for you to pass.",
        "zh": "{card} 你用不上，没有什么可以“过”的。",
    },
    "zp-no-claim": {
        "en": "You have no use for {card} now: it is for {seat} to decide on it.",
        "zh": "{card}你现在用不上：由{seat}决定。",
    },
    "zp-offer-unclaimed": {
        "en": "Nobody can take {card}: it goes in front of {seat}, and {next} will draw next.",
        "zh": "{card}谁都不能要：它放到{seat}面前，由{next}摸牌。",
    },
    "zp-liang-unclaimed": {
        "en": "Nobody wins on the shown card {card} ({w:liangzhang}): the dealer ({seat}) will "
        "play first.",
        "zh": "没有人胡{w:liangzhang} {card}：由庄家（{seat}）先出牌。",
    },
    "zp-liang-win-only": {
        "en": "The shown card {card} ({w:liangzhang}) belongs to the dealer: it may only be won"
        " on.",
        "zh": "{w:liangzhang} {card} 是庄家的牌：只能胡，不能吃碰。",
    },
    "zp-liang-dealer-only": {
        "en": "Only the dealer may win on the shown card {card} ({w:liangzhang}) in this game.",
        "zh": "这种玩法只有庄家能胡{w:liangzhang} {card}。",
    },
    "zp-not-own-draw": {
        "en": "A {w:wei} or {w:ti} is made only with a card you turn up yourself, not with {card}.",
        "zh": "{w:wei}和{w:ti}只能用自己摸出的牌，不能用 {card}。",
    },
    "zp-pao-on-draw-only": {
        "en": "Your {kind} of {card} becomes four only with a card turned from the stock, not a discard.",
        "zh": "你的 {kind}（{card}）只有遇到墩上摸出的牌才能成四张，别人打出的不行。",
    },
    "zp-pao-own-draw-only": {
        "en": "Your peng of {card} becomes a {w:pao} only when you turn up the fourth yourself.",
        "zh": "你碰的 {card} 只有自己摸到第四张才能{w:pao}。",
    },
    "zp-huang": {
        "en": "The stock ran out and nobody won: a {w:huangzhuang}.",
        "zh": "{w:dun}里的牌摸完了，没有人胡：{w:huangzhuang}。",
    },
    # ------------------------------------------------------------ count lines
    "zp-huxi": {
        "en": "Total {w:huxi}: at least {min} are needed to win.",
        "zh": "合计：至少 {min} {w:huxi}才能胡。",
    },
    "zp-tun": {
        "en": "Tun: {huxi} huxi counted from the minimum of {min}, one tun plus one per three huxi above.",
        "zh": "囤：{huxi} 胡息，从起胡 {min} 胡息起算一囤，每多三胡息加一囤。",
    },
    "zp-tun-yixi": {
        "en": "Tun: one tun for each of the {huxi} huxi (minimum {min}).",
        "zh": "囤：一息一囤，{huxi} 胡息就是这么多囤（起胡 {min}）。",
    },
    "zp-duo": {
        "en": "Duo: {hu} hu make this many duo (10–14 is one, then one more per 5).",
        "zh": "舵：{hu} 胡折成舵（10–14 胡为一舵，以后逢五进一）。",
    },
    "zp-zimo": {
        "en": "Self-drawn win (zimo): one more.",
        "zh": "自摸：加一。",
    },
    "zp-xing": {
        "en": "Xing: the turned card {card} wakes this many of the winner's cards ({mode}).",
        "zh": "醒：翻出的是 {card}，赢家有这么多张醒牌（{mode}）。",
    },
    "zp-total": {
        "en": "Total paid by each other player.",
        "zh": "合计：每位输家各付这么多。",
    },
    "zp-honghu": {
        "en": "Red win (honghu): {red} red cards, times 2.",
        "zh": "红胡：{red} 张红牌，乘二。",
    },
    "zp-dianhu": {
        "en": "One-red win (dianhu): exactly {red} red card, times 3.",
        "zh": "点胡：只有 {red} 张红牌，乘三。",
    },
    "zp-hongwu": {
        "en": "All-red win (hongwu): {red} red cards, times 4.",
        "zh": "红乌：{red} 张红牌，乘四。",
    },
    "zp-heihu": {
        "en": "Black win (heihu): {red} red cards, times 5.",
        "zh": "黑胡：{red} 张红牌，乘五。",
    },
    "zp-tianhu": {
        "en": "Heavenly win (tianhu) at the deal.",
        "zh": "天胡：起手即胡。",
    },
    "zp-dihu": {
        "en": "Earthly win (dihu) on the dealer's first discard.",
        "zh": "地胡：胡庄家打出的第一张牌。",
    },
    "zp-sanlong": {
        "en": "Three quads at the deal (sanlong).",
        "zh": "三笼：起手三个四张。",
    },
    "zp-wukan": {
        "en": "Five kan at the deal (wukan).",
        "zh": "五坎：起手五坎。",
    },
    "zp-shun": {
        "en": "{w:^yijuhua} {cards} in hand.",
        "zh": "{w:yijuhua} {cards}（手中）。",
    },
    "zp-jiao": {
        "en": "{w:^jiao} {cards}: one value, both sizes.",
        "zh": "{w:jiao} {cards}：同数大小字相配。",
    },
    "zp-jiang": {
        "en": "Pair {cards} (jiang).",
        "zh": "将 {cards}。",
    },
    "zp-kan": {
        "en": "Kan {cards}: three alike held in hand.",
        "zh": "坎 {cards}：手中三张相同。",
    },
    "zp-chi": {
        "en": "Eaten group {cards} ({w:chi} or {w:bi}).",
        "zh": "{w:chi}或{w:bi}的一组 {cards}。",
    },
    "zp-peng": {
        "en": "Peng {cards}: a pair completed by another player's card.",
        "zh": "碰 {cards}：手里一对，碰进别人的一张。",
    },
    "zp-wei": {
        "en": "Wei {cards}: a pair completed by your own draw.",
        "zh": "偎 {cards}：手里一对，偎进自己摸的一张。",
    },
    "zp-chouwei": {
        "en": "Stale wei {cards}: a wei after letting the peng go.",
        "zh": "臭偎 {cards}：忍过碰的牌，后来自己摸到而偎。",
    },
    "zp-pao": {
        "en": "Pao {cards}: four alike, the fourth from another player or onto a peng.",
        "zh": "跑 {cards}：四张相同，第四张来自别人或碰后再来。",
    },
    "zp-ti": {
        "en": "Ti {cards}: four alike by your own hand or draw.",
        "zh": "提 {cards}：自己手中或自己摸来的四张相同。",
    },
    "zp-sao": {
        "en": "Sao {cards}: a pair completed by your own draw.",
        "zh": "扫 {cards}：手里一对，加上自己摸到的第三张。",
    },
    "zp-guosao": {
        "en": "Passed sao {cards}: a sao after passing up the peng.",
        "zh": "过扫 {cards}：可碰没碰，后来自己摸到。",
    },
    "zp-kaiduo": {
        "en": "Kaiduo {cards}: four alike laid open.",
        "zh": "开舵 {cards}：四张一样，全部亮出。",
    },
    "zp-saochuan": {
        "en": "Saochuan {cards}: four alike by your own hand or draw.",
        "zh": "扫穿 {cards}：四张一样，都是自己手里的或自己摸来的。",
    },
    # -- the strong player's coach (app/engine/zipai/strong.py) --
    "coach-zp-keep-waits": {
        "en": "{action}: the hand stays ready, and {count} of the cards you have not seen"
        " would win (up to {huxi} huxi).",
        "zh": "{action}：打完仍然听牌，还没见过的牌里有 {count} 张能胡（最多 {huxi} 胡息）。",
    },
    "coach-zp-tighten": {
        "en": "{action}: this keeps the hand tightest (loose cards: {loose}), and {count}"
        " of the cards you have not seen would improve it.",
        "zh": "{action}：这样手牌最紧凑（{loose} 张散牌），还没见过的牌里有 {count} 张能让牌型更好。",
    },
    "coach-zp-take": {
        "en": "{action}: take it, then discard {card}; the hand is better than after passing.",
        "zh": "{action}：要这张牌，再打出 {card}，牌型比过牌更好。",
    },
    "coach-zp-pass": {
        "en": "{action}: taking the card would not make the hand better.",
        "zh": "{action}：要这张牌并不能让牌型更好。",
    },
    "coach-zp-no-discard": {
        "en": "{action}: there is nothing to discard now.",
        "zh": "{action}：现在没有要打的牌。",
    },
}

#: a game's own sentence for a code, where more than a word differs (the common text
#: above is Hunan's)
BY_GAME: dict[str, dict[str, dict[str, str]]] = {
    "guilin": {
        # 重舵 (RULES.md, Guilin): a second 扫穿/开舵 during play, or a dealt pair of
        # four-alikes when the intake leaves the hand ready
        "zp-no-discard-needed": {
            "en": "No discard now ({w:bakuai}): after a second {w:pao} or {w:ti} during play,"
            " or when a player dealt two fours is left {w:tingpai} by the card taken in, you"
            " play on without discarding.",
            "zh": "现在不用出牌（{w:bakuai}）：打牌中第二次{w:pao}或{w:ti}之后，或者起手两组四张、"
            "进牌后已经{w:tingpai}，就不出牌，轮到下家。",
        },
    },
}
