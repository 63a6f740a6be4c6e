"""Messages for the codes every game shares."""

MESSAGES: dict[str, dict[str, str]] = {
    "coach-only-move": {
        "en": "There is only one move here: {action}.",
        "zh": "这里只有一种走法：{action}。",
    },
    "coach-win": {
        "en": "Take the win: {action}.",
        "zh": "胡牌：{action}。",
    },
    "coach-forced": {
        "en": "The rules force this move: {action}.",
        "zh": "规则规定必须这样走：{action}。",
    },
    "coach-engine-choice": {
        "en": "The computer would play {action}.",
        "zh": "电脑会选择：{action}。",
    },
    # the coach's reasons the play table checks against the position (app/learning/play.py)
    "coach-keeps-waits": {
        "en": "{action}: the hand stays ready, waiting for {cards} ({count} cards in all).",
        "zh": "{action}：打完仍然听牌，听 {cards}（共 {count} 种）。",
    },
    "coach-few-eaters": {
        "en": "{action}: of the cards you cannot see, {count} could make a group with it for"
        " the next player to eat it; no other discard of yours leaves fewer.",
        "zh": "{action}：看不到的牌里只有 {count} 张能和它组成一组，让下家吃去；打别的牌都不会更少。",
    },
    "coach-sampled": {
        "en": "{action}: played on over sampled deals of the cards you cannot see, this move"
        " did better than the others.",
        "zh": "{action}：把看不到的牌换几种发法再打下去，这一步的结果比别的走法好。",
    },
    "unknown-card": {
        "en": "Unknown card '{token}': no card of this deck is written that way.",
        "zh": "无法识别的牌“{token}”：这副牌里没有这样写的牌。",
    },
    "too-many-copies": {
        "en": "Too many copies of {card}: {count} given, the deck holds only {limit}.",
        "zh": "{card} 张数过多：给了 {count} 张，整副牌只有 {limit} 张。",
    },
    "bad-hand-size": {
        "en": "Wrong number of cards: {count} given, {expected} expected.",
        "zh": "牌数不对：给了 {count} 张，应为 {expected} 张。",
    },
    "unknown-variant": {
        "en": "Unknown game '{variant}'. Run 'variants' to list the games.",
        "zh": "没有“{variant}”这种玩法。用 variants 列出所有玩法。",
    },
    "unknown-meld-kind": {
        "en": "Unknown meld kind '{kind}' for this game.",
        "zh": "这种玩法没有“{kind}”这种牌组。",
    },
    "bad-meld": {
        "en": "The cards {cards} do not form a '{kind}' meld.",
        "zh": "{cards} 组不成“{kind}”。",
    },
    "bad-option": {
        "en": "Bad value '{value}' for the option '{option}'.",
        "zh": "选项“{option}”的值“{value}”不正确。",
    },
    "bad-position": {
        "en": "The position cannot be read: {detail}.",
        "zh": "无法读取局面：{detail}。",
    },
    "bad-arguments": {
        "en": "Bad command line: {detail}.",
        "zh": "命令行参数有误：{detail}。",
    },
    "unknown-verb": {
        "en": "Unknown command '{verb}': use variants, analyze, waits, selfplay, options, apply, deal, encode or decode.",
        "zh": "未知命令“{verb}”：可用 variants、analyze、waits、selfplay、options、apply、deal、encode 或 decode。",
    },
    "bad-code": {
        "en": "The position code cannot be read: {detail}.",
        "zh": "无法读取局面代码：{detail}。",
    },
    "game-over": {
        "en": "The deal is over: nobody acts any more.",
        "zh": "这一局已经结束，谁都不能再行动。",
    },
    "seat-number": {
        "en": "Seat {n}",
        "zh": "{n} 号位",
    },
    "not-your-turn": {
        "en": "{seat} can do nothing now: the deal waits for {to_act}.",
        "zh": "{seat}现在没有可做的：轮到{to_act}。",
    },
    "unsupported-verb": {
        "en": "The command '{verb}' is not available for {variant}.",
        "zh": "{variant} 不支持命令“{verb}”。",
    },
    "internal-error": {
        "en": "The engine failed on this input ({detail}); please report it.",
        "zh": "引擎处理这个输入时出错（{detail}），请报告此问题。",
    },
}
