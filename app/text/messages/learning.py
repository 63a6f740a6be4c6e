"""Messages of the exercises: answers that cannot be read, the misconceptions every game
shares, and the facts a proof states. Each game family's own misconceptions are in
``app/text/messages/mc_<family>.py``."""

MESSAGES: dict[str, dict[str, str]] = {
    # -- the play table -----------------------------------------------------------------
    "play-not-a-move": {
        "en": "'{action}' is not one of your moves now.",
        "zh": "“{action}”不是你现在能走的一步。",
    },
    # -- answers that cannot be read ----------------------------------------------------
    "answer-unreadable": {
        "en": "This answer cannot be read. Please try again.",
        "zh": "看不懂这个答案，请再试一次。",
    },
    "answer-pick-cards-empty": {
        "en": "Pick at least one card (tick it, or type its code).",
        "zh": "请至少选一张牌（勾选，或输入牌的代码）。",
    },
    "answer-cards-not-held": {
        "en": "You do not hold {cards}: the answer is chosen from the cards in your hand.",
        "zh": "你手里没有 {cards}：答案要从你手里的牌中选。",
    },
    "answer-number-empty": {
        "en": "Type a number.",
        "zh": "请填一个数。",
    },
    "answer-number-bad": {
        "en": "'{text}' is not a whole number.",
        "zh": "“{text}”不是整数。",
    },
    "answer-choice-empty": {
        "en": "Choose one of the answers.",
        "zh": "请选一个答案。",
    },
    "answer-choice-bad": {
        "en": "That choice is not one of this question's answers.",
        "zh": "这个选项不属于本题。",
    },
    "answer-order-incomplete": {
        "en": "Give every item a place in the order.",
        "zh": "请给每一项都排上名次。",
    },
    "answer-order-repeated": {
        "en": "Each place may be used once: two items share a place.",
        "zh": "每个名次只能用一次：有两项排在了同一个名次。",
    },
    "answer-truth-empty": {
        "en": "Answer true or false first.",
        "zh": "请先回答“对”还是“错”。",
    },
    "answer-token-bad": {
        "en": "This answer form has expired. The question has been reloaded: answer again.",
        "zh": "答题表单已过期，题目已重新载入，请再答一次。",
    },
    # -- hint step 1 when an exercise has no hint of its own: the rule its query asks about
    "hint-points": {
        "en": "Arrange every card into the game's groups, give each group its value from the table, and add them up.",
        "zh": "把每张牌都组进牌组，每组按这个玩法的表算出数，再加起来。",
    },
    "hint-settlement": {
        "en": "First the hand's own count, then the game's settlement: the unit paid and what multiplies it.",
        "zh": "先算出这手牌本身的数，再按这个玩法的结算：付多少、什么会翻倍。",
    },
    "hint-win": {
        "en": "A win needs two things: every card in a group, and the count reaching the table's minimum.",
        "zh": "胡牌要两样都满足：每张牌都在牌组里，而且数够这桌的起胡数。",
    },
    "hint-waits": {
        "en": "Try each card of the deck in turn: which ones let every card fall into a group?",
        "zh": "把每种牌逐一放进来试试：哪几张能让所有的牌都组成牌组？",
    },
    "hint-legal": {
        "en": "Check each action against the rules of this moment: whose turn it is, what is offered, what your hand allows.",
        "zh": "对照此刻的规则逐个检查：轮到谁、桌上是什么牌、你的手牌允许做什么。",
    },
    "hint-forced": {
        "en": "Some actions are not a choice: look for the one the rules make you take.",
        "zh": "有些动作不由你选：找出规则要求你必须做的那一个。",
    },
    "hint-is-legal": {
        "en": "Ask what the rules require for this action at this moment, and whether each requirement holds.",
        "zh": "想一想此刻做这个动作规则要求什么，每一条是不是都满足。",
    },
    "hint-priority": {
        "en": "When several seats want the same card, the kind of claim decides first, then the seating order.",
        "zh": "几家都要同一张牌时，先看要牌的种类，再看座位顺序。",
    },
    "hint-cards-left": {
        "en": "Count the copies you can see (your hand, every group on the table, the discards), and take them from the copies in the deck.",
        "zh": "数一数你看得到的张数（手牌、桌上的牌组、打出的牌），用整副牌的张数减去它。",
    },
    "hint-action-cards": {
        "en": "Work out exactly which cards this action takes from your hand.",
        "zh": "算清楚这个动作要从你手里拿出哪几张牌。",
    },
    "hint-authored": {
        "en": "Think back to the rule this question is about, then check each answer against it.",
        "zh": "回想一下这道题考的是哪条规则，再拿它去逐个检查答案。",
    },
    # -- misconceptions every game shares ------------------------------------------------
    "mc-count-high": {
        "en": "{given} is too many: some group is counted higher than it is worth.",
        "zh": "{given} 算多了：有的牌组算得比它实际的值高。",
    },
    "mc-count-low": {
        "en": "{given} is too few: some group is counted lower than it is worth, or left out.",
        "zh": "{given} 算少了：有的牌组算低了，或者漏算了。",
    },
    "mc-missed-waits": {
        "en": "You missed a card the hand waits for: {cards}.",
        "zh": "漏掉了能胡的牌：{cards}。",
    },
    "mc-extra-waits": {
        "en": "{cards} does not complete the hand: with it the cards cannot all be grouped.",
        "zh": "{cards} 不能让这手牌胡：加上它也凑不成完整的牌组。",
    },
    "mc-missing-cards": {
        "en": "Something is missing: {missing_cards}. The cards you chose are right.",
        "zh": "还少了：{missing_cards}。你选的牌都对。",
    },
    "mc-missing-cards-ways": {
        "en": "Something is missing. The cards you chose are right, and any one of these completes them: {ways}.",
        "zh": "还少了牌。你选的牌都对，再补上下面任何一种都行：{ways}。",
    },
    "cards-way": {
        "en": "{cards}",
        "zh": "{cards}",
    },
    "mc-extra-cards": {
        "en": "Not part of it: {extra_cards}. The rest of your cards are right.",
        "zh": "多选了：{extra_cards} 不在其中，其余的牌都对。",
    },
    "mc-wrong-cards": {
        "en": "Not these cards. Missing: {missing_cards}. Not part of it: {extra_cards}.",
        "zh": "选的牌不对。少了：{missing_cards}；多了：{extra_cards}。",
    },
    "mc-illegal-action": {
        "en": "'{action}' is not allowed here.",
        "zh": "这里不能“{action}”。",
    },
    "mc-missed-forced": {
        "en": "The rules force '{action}' here: a forced action is not a choice.",
        "zh": "这里规则强制“{action}”：强制的动作不能不做。",
    },
    "mc-not-best": {
        "en": "That move is allowed, but it is not the one asked for.",
        "zh": "这一步虽然合规，但不是题目要的那一步。",
    },
    "mc-wrong-reason": {
        "en": "Your answer is right, but that is not the reason.",
        "zh": "结论对了，但理由不对。",
    },
    "mc-wrong-truth": {
        "en": "The statement is {truth}.",
        "zh": "这句话的正确判断是：{truth}。",
    },
    "mc-wrong-order": {
        "en": "Not this order. The rules serve {first} first.",
        "zh": "顺序不对：按规则应先轮到 {first}。",
    },
    "mc-read-wrong": {
        "en": "That is {given_card}. The card asked for is {card}.",
        "zh": "那是{given_card}。要找的是{card}。",
    },
    "mc-wrong-choice": {
        "en": "Not “{chosen}”. Read the question again, or take a hint.",
        "zh": "不是“{chosen}”。再读一遍题目，或者看看提示。",
    },
    "mc-wrong": {
        "en": "Not right. Read the question again, or take a hint.",
        "zh": "不对。再读一遍题目，或者看看提示。",
    },
    # -- a wrong number beside the engine's, line by line; why a statement is true or false
    "mc-count-cards-left": {
        "en": "You said {given}, the answer is {right}: the deal holds {total} of {card}, {seen} of them are in sight for you (in your hand, in the groups on the table, among the discards), so {right} are not.",
        "zh": "你答 {given}，应为 {right}：这一局共有 {total} 张 {card}，你看得到的有 {seen} 张（手里的、桌上牌组里的、打出去的），所以看不到的是 {right} 张。",
    },
    "mc-count-left-out": {
        "en": "You said {given}, the count is {right}: your number is the count without the line “{line}” ({points}). Count that line too.",
        "zh": "你答 {given}，应为 {right}：你的数正好少了“{line}”这一项（{points}）。这一项也要算上。",
    },
    "mc-count-twice": {
        "en": "You said {given}, the count is {right}: your number counts the line “{line}” ({points}) twice. Each line counts once.",
        "zh": "你答 {given}，应为 {right}：你的数把“{line}”这一项（{points}）算了两次。每一项只算一次。",
    },
    "mc-count-parts": {
        "en": "You said {given}, the count is {right}. Line by line, the two part at “{line}”: it takes the count from {before} to {after}, and from there the count never comes back to your number.",
        "zh": "你答 {given}，应为 {right}。逐项对照，分歧出在“{line}”这一项：它把数从 {before} 变成 {after}，此后再也没有回到你的数。",
    },
    "mc-count-never": {
        "en": "You said {given}, the count is {right}: added line by line, it never goes above {most}, so {given} is more than the lines give.",
        "zh": "你答 {given}，应为 {right}：逐项加下来，最多也只到 {most}，{given} 比各项加起来还多。",
    },
    "mc-count-fact": {
        "en": "You said {given}, the answer is {right}. {fact}.",
        "zh": "你答 {given}，应为 {right}：{fact}。",
    },
    "mc-choice-because": {
        "en": "Not that one. {because}.",
        "zh": "不是这个。{because}。",
    },
    "mc-tf-true": {
        "en": "The statement is true. {because}.",
        "zh": "这句话是对的：{because}。",
    },
    "mc-tf-false": {
        "en": "The statement is false. {because}.",
        "zh": "这句话是错的：{because}。",
    },
    "mc-tf-other-reason": {
        "en": "Your judgement is right, but not for that reason. {because}.",
        "zh": "判断对了，但理由不是这个。{because}。",
    },
    "tf-text": {
        "en": "{text}",
        "zh": "{text}",
    },
    "mc-refused": {
        "en": "The rules refuse this move. {because}.",
        "zh": "规则不允许这一步。{because}。",
    },
    "tf-legal": {
        "en": "The rules allow this move at this moment: it is the seat's turn to make it, and the cards it needs are there.",
        "zh": "此刻规则允许这一步：正轮到这一家做这个动作，需要的牌也都在。",
    },
    "tf-legal-hu": {
        "en": "Going out is allowed here: every card of the hand falls into a group, and no rule of this moment stops it.",
        "zh": "这里可以胡：手里每张牌都能组成牌组，此刻也没有哪条规则不让胡。",
    },
    "tf-win": {
        "en": "Every card is in a group, and the engine counts the win at {points}.",
        "zh": "每张牌都组进了牌组，这手牌胡了，计 {points}。",
    },
    "tf-not-complete": {
        "en": "The cards cannot all be placed in groups, so the hand is not complete.",
        "zh": "这些牌没法全部组成牌组，所以这手牌不完整。",
    },
    # -- practice positions opened by link --------------------------------------------------
    "practice-bad-code": {
        "en": "This position cannot be read: {detail}.",
        "zh": "这个局面读不出来：{detail}。",
    },
    "practice-impossible": {
        "en": "No deal can reach this position: {detail}.",
        "zh": "没有哪一局能打到这个局面：{detail}。",
    },
    "practice-hand-size": {
        "en": "No deal can reach this position: seat {n} holds too many or too few cards "
        "for this moment.",
        "zh": "没有哪一局能打到这个局面：此时第 {n} 家手里的牌太多或太少。",
    },
    # -- the position editor ----------------------------------------------------------------
    "editor-no-stock": {
        "en": "This game has no stock to take cards from: swap them with another seat.",
        "zh": "这种玩法没有墩可以换牌：请和另一家换牌。",
    },
    "editor-bad-source": {
        "en": "Cards can be swapped only with the stock or another seat.",
        "zh": "只能和墩或另一家换牌。",
    },
    "editor-bad-seat": {
        "en": "There is no such seat at this table.",
        "zh": "这桌没有这个座位。",
    },
    "editor-not-available": {
        "en": "Not there to take: {cards} (neither in this hand nor where you swap from).",
        "zh": "没有这些牌可拿：{cards}（这手牌里和换牌的地方都没有）。",
    },
    "editor-pick-count": {
        "en": "Choose exactly {want} cards: the seat holds {want} at this moment, you chose {got}.",
        "zh": "请正好选 {want} 张：这一家此时手里有 {want} 张，你选了 {got} 张。",
    },
    "practice-wrong-game": {
        "en": "This code is a position of another game ({variant}).",
        "zh": "这个代码是另一种玩法（{variant}）的局面。",
    },
    "practice-seat-view": {
        "en": "This code is one seat's view, not a whole position: it cannot be practised.",
        "zh": "这个代码只是某一家看到的局面，不是完整局面，不能拿来练习。",
    },
    "practice-unknown-theme": {
        "en": "This game has no such practice theme: the link is damaged or out of date.",
        "zh": "这种玩法没有这个练习主题：链接可能不完整或已经过时。",
    },
    "practice-bad-seat": {
        "en": "There is no seat {n} at this table.",
        "zh": "这桌没有第 {n} 个座位。",
    },
    "practice-not-this-theme": {
        "en": "The position is valid, but it does not ask a question of this theme from this seat.",
        "zh": "局面没有问题，但从这个座位看，它不属于这个练习主题。",
    },
    # -- facts in proofs ------------------------------------------------------------------
    "fact-cards-left": {
        "en": "The deal holds {total} of {card}; {left} of them are not in sight for you.",
        "zh": "这一局共有 {total} 张 {card}，其中 {left} 张你还看不到。",
    },
    "not-offered": {
        "en": "This action is not offered at this moment.",
        "zh": "此时不能做这个动作。",
    },
    "lets-win": {
        "en": "After this, {seat} can go out on it.",
        "zh": "这样一来，{seat}就能胡这张牌。",
    },
}
