"""Messages of the chuanpai misconceptions (codes in app/teaching/chuanpai/misconceptions.py)
and of the facts its queries state in a proof (codes ``fact-cp-*``, from
app/teaching/chuanpai/queries.py)."""

MESSAGES: dict[str, dict[str, str]] = {
    # -- reading the cards --------------------------------------------------------------
    "mc-cp-pips-one-end": {
        "en": "That is only one end of {card}. Its points are both dice faces added "
        "together: {a} and {b}.",
        "zh": "这只数了{card}的一头。点数要把两个骰子面加起来：{a}加{b}。",
    },
    "mc-cp-red-fours": {
        "en": "You missed the red fours: {cards}. On Chinese dice the four is red as well "
        "as the one.",
        "zh": "漏了四点的红：{cards}。中国骰子不光一点是红的，四点也是红的。",
    },
    "mc-cp-red-pips": {
        "en": "Look again at {cards}: red pips are the ones and the fours, and Heaven is half red.",
        "zh": "再看看{cards}：一点和四点是红的，天牌半红半黑。",
    },
    "mc-cp-name-fixed": {
        "en": "Card names are not fixed: the same name stands for different cards at "
        "different tables ({cards} here). Only the two dice faces identify a card, so ask "
        "which faces are meant.",
        "zh": "牌名各地叫法不一，同一个名字在不同的桌上可能指不同的牌（这里是{cards}）。"
        "认牌只认两个骰子面，听到叫法要问清是哪两个面。",
    },
    "mc-cp-name-jing": {
        "en": "There are only two jingpai, the word cards {cards}. Any other card, whatever "
        "its name, is an ordinary card with two dice faces and pairs only by its points.",
        "zh": "经牌只有两张，就是写字的{cards}。别的牌不管叫什么名字，都是有两个骰子面的"
        "普通牌，只能按点数配。",
    },
    # -- 挤儿 ------------------------------------------------------------------------------
    "mc-cp-three-card-sum": {
        "en": "{cards} add up to 10 or 20, but they are three cards. A jier is always "
        "exactly two cards, so these do not make a group.",
        "zh": "{cards}加起来虽然是十或二十，可那是三张牌。挤儿只能是两张，这三张不成组。",
    },
    "mc-cp-alike-not-jier": {
        "en": "Two {card} are not a jier: a pair must add up to 10 or 20, and being "
        "alike does not count.",
        "zh": "两张{card}不是挤儿：两张牌要凑成十点或二十点才算，一样的牌不算一对。",
    },
    "mc-cp-missed-20": {
        "en": "You looked only for 10. These make 20 and pair as well: {cards}.",
        "zh": "只想到了凑十。凑成二十的也算挤儿：{cards}。",
    },
    "mc-cp-same-pips": {
        "en": "Only the points matter, not the faces: {cards} have the same points as a "
        "card you picked, so they do the same job.",
        "zh": "配挤儿只看点数，不看牌面：{cards}跟你选的牌点数一样，一样能配。",
    },
    # -- 经牌 ------------------------------------------------------------------------------
    "mc-cp-forgot-jing": {
        "en": "You left out the jingpai {cards}: a jingpai pairs with any one ordinary card.",
        "zh": "漏了经牌{cards}：经牌跟任何一张普通牌都能配成挤儿。",
    },
    "mc-cp-two-jing": {
        "en": "Caishen and tingyong cannot pair with each other: each jingpai needs an ordinary card "
        "as its partner.",
        "zh": "财神和听用不能互相配：每张经牌都要配一张普通牌。",
    },
    "mc-cp-jing-jier-value": {
        "en": "A jingpai stands for the better sum. With {card} ({points} points) it makes a "
        "20 when the partner has 8 points or more, otherwise a 10.",
        "zh": "经牌按划算的算：配{card}（{points}点）时，搭档八点以上就当二十点，"
        "不到八点就当十点。",
    },
    "mc-cp-jing-with-alike": {
        "en": "{cards} is not a group: a jingpai never joins two alike cards. The one "
        "exception is the two guaizi (one-two).",
        "zh": "{cards}不成组：经牌不能跟两张一样的牌凑在一起，只有两张拐子（幺二）例外。",
    },
    "mc-cp-jing-group-optional": {
        "en": "The jingpai group {cards} may always be laid or kept: it is never compulsory "
        "(only the fourth true-or-false card forces a kang).",
        "zh": "经牌加两张拐子（{cards}）暗不暗都随你，从来不是必须的（只有凑到第四张真假经时才必须扛）。",
    },
    "mc-cp-jing-not-x10": {
        "en": "The {group} made with the jingpai ({cards}) counts ten times the plain one: {each} hu.",
        "zh": "带经牌的{group}（{cards}）按普通的十倍算，是{each}胡。",
    },
    # -- counting -----------------------------------------------------------------------
    "mc-cp-jier-10-counts": {
        "en": "You counted {count} jier of 10 as 1 hu each. Only a jier of 20 earns 1 hu; "
        "a jier of 10 earns nothing.",
        "zh": "你把{count}个十点的挤儿也各算了一胡。只有二十点的挤儿算一胡，十点的不算胡。",
    },
    "mc-cp-jier-20-forgot": {
        "en": "You left out {count} jier of 20: each of them is worth 1 hu.",
        "zh": "漏算了{count}个二十点的挤儿，每个算一胡。",
    },
    "mc-cp-an-peng-swapped": {
        "en": "You swapped peng and an: a peng (with a taken card) is worth 2 hu, an an "
        "(all from your own hand) 3.",
        "zh": "碰和暗弄反了：碰（吃了别人的牌）两胡，暗（全是自己的牌）三胡。",
    },
    "mc-cp-four-values": {
        "en": "Check the groups of four: a qi is worth 5 hu, a liang or a kang 7. The {group} "
        "here is worth {each}.",
        "zh": "四张的组再看看：起五胡，亮和扛七胡。这里的{group}是{each}胡。",
    },
    "mc-cp-group-values": {
        "en": "Check the table: a jier of 20 is worth 1 hu, peng and yan 2, an 3, qi 5, liang and "
        "kang 7, and a group with a jingpai ten times as much.",
        "zh": "再对一对胡数表：二十点的挤儿一胡，碰、燕两胡，暗三胡，起五胡，亮、扛七胡，带经牌的组十倍。",
    },
    "mc-cp-not-best": {
        "en": "{given} is the count of one way to group these cards, but the hand is "
        "counted the way that earns most (three alike as an, four as liang, three sevens as "
        "yan).",
        "zh": "{given}是其中一种分法的胡数，但算胡要按最划算的分法：三张一样算暗，四张算亮，三种七算燕。",
    },
    "mc-cp-base-in-points": {
        "en": "The hu of a hand do not include the base: the 1 is added only when the losers pay.",
        "zh": "算胡数时不加底，那一分是结算付钱时才加的。",
    },
    "mc-cp-forgot-base": {
        "en": "You forgot the base: each loser pays the hu plus 1.",
        "zh": "忘了加底：每家要付胡数再加一。",
    },
    "mc-cp-each-or-all": {
        "en": "You mixed up one payment and the total: each of the {losers} losers pays "
        "the winner the same amount on his own.",
        "zh": "一家付的和总共收的弄混了：{losers}家输家各付一份，数目一样。",
    },
    "mc-cp-discarder-pays": {
        "en": "Not in this game: going out on a discard and on a turned card are the "
        "same, and the discarder pays no more than anyone else.",
        "zh": "挤儿不是这样：点炮和自摸一样，打出那张牌的人不多赔。",
    },
    # -- groups and the turn ---------------------------------------------------------------
    "mc-cp-tou-count": {
        "en": "After this {group}, count again: one replacement card after an an, a peng, a yan "
        "or a qi, two after a liang or a kang.",
        "zh": "{group}之后偷几张再想想：暗、碰、燕、起偷一张，亮、扛偷两张。",
    },
    "mc-cp-turned-card-own": {
        "en": "This is not mahjong: a card turned up from the stock belongs to nobody. It "
        "is offered to the whole table.",
        "zh": "这不是麻将：从余牌翻出来的牌不归翻牌的人，是摆出来给全桌用的。",
    },
    "mc-cp-seat-order-only": {
        "en": "Seat order alone is not enough: every peng, yan, qi or kang is served before any "
        "bai, and only then does seat order decide.",
        "zh": "光按座位顺序不行：碰、燕、起、扛都排在摆的前面，同一类里才按座位先后。",
    },
    "mc-cp-turned-card-dead": {
        "en": "A turned card is not dead at once: it lies face up and is offered to every "
        "player in the set order. It goes dead only when nobody uses it.",
        "zh": "翻出来的牌不是当场作废：它亮在桌上，按规定的先后问每一家要不要，谁都不用才算死。",
    },
    "mc-cp-dead-ends-deal": {
        "en": "A dead card does not end the deal: it goes aside and the player after the "
        "one it came from turns up the next card. The deal is void only when a card must "
        "be turned and the stock is empty.",
        "zh": "一张牌死了，这一局并不结束：它放到一边，由它来源那家的下家再翻一张。"
        "只有该翻牌时余牌已经没了，这一局才算荒。",
    },
    "mc-cp-next-seat-discards": {
        "en": "The player after the discarder acts only when nobody uses the card, and then "
        "he turns up a card from the stock. You used it with your bai, so you discard next.",
        "zh": "打牌那家的下家只有在谁都不用这张牌时才动手，而且是从余牌翻一张。"
        "你已经摆了这张牌，下一张该你打。",
    },
    "mc-cp-dealer-discards": {
        "en": "The dealer makes only the first discard of the deal. After that, whoever uses "
        "a card discards next: after your bai, that is you.",
        "zh": "头家只打这一局的头一张牌。之后谁用了牌谁接着打：你摆了这张牌，就该你打。",
    },
    # -- what is forced --------------------------------------------------------------------
    "mc-cp-split-jier": {
        "en": "{card} is tied in a jier: discarding it would break the pair. Only a spare "
        "card may be discarded.",
        "zh": "{card}已经配成了挤儿，打出去就拆了挤儿。只能打多余的光棍。",
    },
    "mc-cp-must-eat": {
        "en": "Your {card} is a lone card and {taken_card} pairs with it: if you can eat, "
        "you must.",
        "zh": "你的{card}是光棍，{taken_card}正好能配它：能吃必须吃。",
    },
    "mc-cp-tied-no-duty": {
        "en": "Here you may let it pass: your {card} is already tied in a jier, so eating "
        "{taken_card} is a choice, not a duty.",
        "zh": "这里可以不吃：你的{card}已经配着挤儿，吃不吃{taken_card}随你。",
    },
    "mc-cp-group-at-once": {
        "en": "The {group} ({cards}) is compulsory here: it must be made now, not kept "
        "back or let pass.",
        "zh": "{group}（{cards}）这里必须做：现在就得成组，不能留着，也不能放过。",
    },
    "mc-cp-qi-forced": {
        "en": "The fourth card of your an must join it ({cards}): qi is compulsory unless "
        "the card lets you go out.",
        "zh": "见到暗的第四张就得起（{cards}）：除非这张能让你胡，否则必须起。",
    },
    "mc-cp-extra-seat-bai": {
        "en": "An extra seat (the fifth to seventh player) may never bai; it may only peng, yan or kang.",
        "zh": "多出来的座位（第五到第七家）不能摆，只能碰、燕、扛。",
    },
    # -- 齐头 and 过牌 ---------------------------------------------------------------------
    "mc-cp-qitou-optional": {
        "en": "Here the group of {card} may be declined: under qitou (good cards as many as "
        "the bad or one more; for a neutral card, every copy tied) it is your choice.",
        "zh": "这里{card}这一组可做可不做：按齐头的规矩（好牌跟坏牌一样多或只多一张；不分好坏的牌每张都配着），由你决定。",
    },
    "mc-cp-qitou-forced": {
        "en": "Here the group of {card} is compulsory: this table's qitou rule does not let "
        "you off (a bad card over, two good cards over, a spare copy, or no qitou at all).",
        "zh": "这里{card}这一组必须做：按这桌的齐头规矩免不了（坏牌多了、好牌多出两张、有一张是光棍，或者根本不讲齐头）。",
    },
    "mc-cp-guopai": {
        "en": "{card} must go face down as a guopai: a card it could have eaten already went "
        "past you unused.",
        "zh": "{card}必须扣下当过牌：它能吃的牌早先从你面前过去了，你当时没吃。",
    },
    # -- going out ---------------------------------------------------------------------------
    "mc-cp-not-complete": {
        "en": "Not yet: you go out only when every card in your hand is part of a group.",
        "zh": "还不行：手里每一张牌都成了组才能胡牌。",
    },
    "mc-cp-hu-forced": {
        "en": "Your hand is complete: going out is compulsory, and it comes before anything else.",
        "zh": "牌已经齐了：胡牌是必须的，别的都不能做。",
    },
    "mc-cp-sixteen-cards": {
        "en": "Sixteen laid-out cards is how the trick game is won, not this one. Here you "
        "go out when every card is in a group.",
        "zh": "摆够十六张是打天九那种玩法的赢法，跟挤儿无关。挤儿是每张牌都成组才算胡。",
    },
    "mc-cp-dealer-goes-out": {
        "en": "Being the dealer changes only the deal (sixteen cards instead of fifteen). "
        "Everyone, the dealer included, goes out only when every card in hand is in a group.",
        "zh": "头家只是抓牌多一张（十六张，别人十五张）。胡牌的规矩人人一样，头家也得手里"
        "每一张牌都成了组才算胡。",
    },
    "mc-cp-guo-missed": {
        "en": "{card} is a guopai: it pairs with {dead}-point cards, and one of those went dead "
        "in front of you while you had nothing to eat it with. It goes face down.",
        "zh": "{card}是过牌：它能配{dead}点的牌，而{dead}点的牌早先死在你面前，你当时没能吃。它得扣下。",
    },
    "mc-cp-guo-missed-jing": {
        "en": "A jingpai pairs with any card, so once any card has gone dead in front of you "
        "unpaired, a jingpai that comes as a replacement card is a guopai.",
        "zh": "经牌跟什么都能配，所以只要有牌在你面前没吃就死了，偷到经牌就是过牌。",
    },
    "mc-cp-guo-imagined": {
        "en": "{card} ({points} points) pairs with none of the points that went dead in front "
        "of you, so it is no guopai: it simply joins your hand.",
        "zh": "{card}（{points}点）跟死在你面前的那些点数都配不上，不是过牌，直接进手。",
    },
    "mc-cp-guo-blocks-hu": {
        "en": "Your hand is all in groups, but a guopai still lies face down in front of you "
        "({cards}): you cannot go out while one waits to eat its card.",
        "zh": "手里的牌虽然都成了组，可面前还扣着过牌（{cards}）没用掉；过牌还等着吃牌，就不能胡。",
    },
    "mc-cp-missed-complete": {
        "en": "Look again: every card of your hand fits in a group, so you go out (and must). "
        "The best grouping is shown below.",
        "zh": "再看看：你手里每一张都能成组，这就胡了，而且必须胡。下面是这手牌的分法。",
    },
    "mc-cp-turner-first": {
        "en": "A card turned up from the stock is asked first of the player who turned it, "
        "then in seat order after him (groups still before any bai).",
        "zh": "从余牌翻出来的牌，先问翻牌的人自己，再按座位往下问（碰、燕、起、扛照样排在摆前面）。",
    },
    "mc-cp-bai-not-out": {
        "en": "That bai ({cards}) leaves {lone_cards} without a partner, so you do not go out. "
        "Pair the card with the one whose loss leaves the rest all grouped.",
        "zh": "这样摆（{cards}）会剩下{lone_cards}没有对象，胡不了。要用拿走以后其余的牌都能成组的那一张去摆。",
    },
    "mc-cp-bai-leaves-some": {
        "en": "That 摆 ({cards}) leaves {count} cards without a partner, however the rest are paired "
        "(the ones left over come from {lone_cards}), so you do not go out. "
        "Pair the card with the one whose loss leaves the rest all grouped.",
        "zh": "这样摆（{cards}）以后，不管其余的牌怎么配，总有 {count} 张没有对象（剩下的出在{lone_cards}里），胡不了。要用拿走以后其余的牌都能成组的那一张去摆。",
    },
    # -- hint step 1 of the practice questions (by the last part of the query name) -----------
    "hint-pairs-with": {
        "en": "Two cards pair when their points make 10 or 20; a jingpai pairs with any one card. "
        "Look at every card of your hand, copies included.",
        "zh": "两张牌点数凑成十或二十就能配；经牌跟哪张都能配。手里每一张都看一遍，一样的也算上。",
    },
    "hint-guo-card": {
        "en": "Compare the card with the points that went dead in front of you unpaired: does it "
        "make 10 or 20 with one of them?",
        "zh": "拿这张牌去对那些死在你面前、你没能吃的点数：能不能跟其中一种凑成十或二十？",
    },
    "hint-claims": {
        "en": "First every peng, yan, qi and kang, then every bai; within each, seat order from the "
        "player after the discarder, or from the one who turned the card.",
        "zh": "先问碰、燕、起、扛，再问摆；同一类里按座位：打出的牌从打牌人的下家起，翻出的牌从翻牌的人起。",
    },
    "hint-goes-out": {
        "en": "For each way to bai, take your card out of the hand: do the cards left all pair up?",
        "zh": "每种摆法都试一下：把拿去摆的那张从手里拿走，剩下的牌能不能全配上？",
    },
    "hint-spare": {
        "en": "Pair off what you can. A card is spare when taking it away breaks no pair.",
        "zh": "先把能配的都配上。拿走一张也不拆散任何一对，它就是光棍。",
    },
    "hint-optional": {
        "en": "Qitou: count the good and the bad cards of the family (a neutral card: is every copy "
        "tied in a jier?), then read the table's rule.",
        "zh": "齐头：数一数这一类的好牌和坏牌（不分好坏的牌就看每一张是不是都配着挤儿），再按这桌的规矩判断。",
    },
    "hint-tou": {
        "en": "After a group you draw replacement cards: one after a group of three or a "
        "qi, two after a liang or a kang.",
        "zh": "做了组要偷牌：三张的组和起偷一张，亮和扛偷两张。",
    },
    "hint-collect": {
        "en": "Each loser pays the hu plus the base of 1; count the losers.",
        "zh": "每家输家付胡数加一分底；再数一数有几家输家。",
    },
    # -- facts in proofs --------------------------------------------------------------------
    "fact-cp-pips": {
        "en": "{card}: {a} + {b} = {points} points.",
        "zh": "{card}：{a}加{b}，共{points}点。",
    },
    "fact-cp-same-points": {
        "en": "{points} points: {cards}, {total} cards in the deck.",
        "zh": "{points}点的牌：{cards}，整副共{total}张。",
    },
    "fact-cp-partners": {
        "en": "{card} makes a jier with: {cards}.",
        "zh": "能跟{card}配挤儿的：{cards}。",
    },
    "fact-cp-red": {
        "en": "Cards with red pips here: {cards}.",
        "zh": "这里带红点的牌：{cards}。",
    },
    "fact-cp-spare": {
        "en": "Spare cards (guanggun) you may discard: {cards}.",
        "zh": "可以打的光棍：{cards}。",
    },
    "fact-cp-tou": {
        "en": "After this {group}: {count} replacement card(s).",
        "zh": "{group}之后偷{count}张。",
    },
    "fact-cp-collect": {
        "en": "Each of the {losers} losers pays {each}.",
        "zh": "{losers}家输家每家付{each}。",
    },
    "fact-cp-qitou-level": {
        "en": "Family of {card}: {good} good, {bad} bad. Level heads (qitou): the group "
        "may be declined.",
        "zh": "{card}这一类：好牌{good}张，坏牌{bad}张，齐头，可做可不做。",
    },
    "fact-cp-qitou-good-one-over": {
        "en": "Family of {card}: {good} good, {bad} bad. One good card over: the group "
        "may still be declined.",
        "zh": "{card}这一类：好牌{good}张，坏牌{bad}张。好牌多一张，仍然可做可不做。",
    },
    "fact-cp-qitou-bad-over": {
        "en": "Family of {card}: {good} good, {bad} bad. A bad card over: the group is compulsory.",
        "zh": "{card}这一类：好牌{good}张，坏牌{bad}张。坏牌多了，必须做。",
    },
    "fact-cp-qitou-good-two-over": {
        "en": "Family of {card}: {good} good, {bad} bad. Two good cards over: the group "
        "is compulsory.",
        "zh": "{card}这一类：好牌{good}张，坏牌{bad}张。好牌多出两张，必须做。",
    },
    "fact-cp-qitou-tied": {
        "en": "{card} has no good or bad side, and every copy is tied in a jier: the group "
        "may be declined.",
        "zh": "{card}不分好坏，每张都配着挤儿，可做可不做。",
    },
    "fact-cp-qitou-spare": {
        "en": "{card} has no good or bad side, and a copy is spare: the group is compulsory.",
        "zh": "{card}不分好坏，又有一张是光棍，必须做。",
    },
    "fact-cp-qitou-always": {
        "en": "At this table there is no qitou: every an, peng, kang and liang is compulsory.",
        "zh": "这桌不讲齐头：暗、碰、扛、亮都必须做。",
    },
    "fact-cp-pairs-with": {
        "en": "In your hand, {cards} make a jier with {card}.",
        "zh": "你手里能跟{card}配挤儿的：{cards}。",
    },
    "fact-cp-guo-pairs-passed": {
        "en": "{card} has {points} points and pairs with {dead}; a {dead}-point card went dead "
        "in front of you unpaired: a guopai.",
        "zh": "{card}是{points}点，能配{dead}点；{dead}点的牌在你面前没吃就死了：是过牌。",
    },
    "fact-cp-guo-no-pair": {
        "en": "{card} has {points} points and pairs with none of the points that went dead in "
        "front of you: not a guopai.",
        "zh": "{card}是{points}点，跟死在你面前的点数都配不上：不是过牌。",
    },
    "fact-cp-guo-jing": {
        "en": "{card} is a jingpai and pairs with anything; cards have gone dead in front of you "
        "unpaired: a guopai.",
        "zh": "{card}是经牌，什么都能配；有牌在你面前没吃就死了：是过牌。",
    },
    "fact-cp-guo-nothing-passed": {
        "en": "No card has gone dead in front of you unpaired yet: {card} is no guopai.",
        "zh": "还没有牌在你面前没吃就死掉，{card}不是过牌。",
    },
    "fact-cp-claims-discard": {
        "en": "{card} was discarded: peng, yan, qi and kang are asked first, then bai, each in seat "
        "order starting after the player who discarded it.",
        "zh": "{card}是打出来的：先问碰、燕、起、扛，再问摆，每一类都从打牌的人下家起按座位问。",
    },
    "fact-cp-claims-turned": {
        "en": "{card} was turned up: peng, yan, qi and kang are asked first, then bai, each in seat "
        "order starting with the player who turned it.",
        "zh": "{card}是翻出来的：先问碰、燕、起、扛，再问摆，每一类都从翻牌的人自己起按座位问。",
    },
    "fact-cp-bai-stuck-some": {
        "en": "摆 {cards}: {count} cards would be left without a partner, however the rest are "
        "paired (they come from {lone_cards}).",
        "zh": "摆{cards}：不管其余的牌怎么配，总有 {count} 张没有对象（出在{lone_cards}里）。",
    },
    "fact-cp-bai-stuck": {
        "en": "Bai {cards}: {lone_cards} would be left without a partner.",
        "zh": "摆{cards}：会剩下{lone_cards}没有对象。",
    },
}
