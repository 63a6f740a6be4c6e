"""Messages of the hunan misconceptions (codes in app/teaching/hunan/misconceptions.py),
and of the facts the hunan queries state in a proof (app/teaching/hunan/queries.py)."""

MESSAGES: dict[str, dict[str, str]] = {
    # ------------------------------------------------------------ counting 胡息
    "mc-hn-big-as-small": {
        "en": "{given} scores the big-card group {cards} as if it were small ({wrong} instead of {right} huxi). The same group in big cards is always worth more.",
        "zh": "{given} 是把大字的 {cards} 当成小字算了（算了 {wrong} 胡息，应该是 {right}）。同样的组，大字总比小字值钱。",
    },
    "mc-hn-peng-as-kan": {
        "en": "{given} scores the peng {cards} like a kan ({wrong} instead of {right} huxi). A peng took another player's card, so it is worth less: 1 in small cards, 3 in big.",
        "zh": "{given} 把碰 {cards} 当成坎算了（算了 {wrong} 胡息，应该是 {right}）。碰进的第三张是别人的，所以值得少：小字一胡息，大字三胡息。",
    },
    "mc-hn-kan-as-peng": {
        "en": "{given} scores {cards} like a peng ({wrong} instead of {right} huxi). Three alike that are all your own (a kan in the hand, a wei, a stale wei) are worth 3 in small cards, 6 in big.",
        "zh": "{given} 把 {cards} 当成碰算了（算了 {wrong} 胡息，应该是 {right}）。三张全是自己的（手里的坎、偎、臭偎）小字三胡息，大字六胡息。",
    },
    "mc-hn-pao-as-ti": {
        "en": "{given} scores the pao {cards} like a ti ({wrong} instead of {right} huxi). The fourth card of a pao came from someone else: 6 in small cards, 9 in big. Only a ti, all four your own, makes 9 or 12.",
        "zh": "{given} 把跑 {cards} 当成提算了（算了 {wrong} 胡息，应该是 {right}）。跑的第四张来自别人：小字六、大字九；四张全是自己的提才是九和十二。",
    },
    "mc-hn-ti-as-pao": {
        "en": "{given} scores the ti {cards} like a pao ({wrong} instead of {right} huxi). Four alike that are all your own, dealt to you or drawn by you, make a ti: 9 in small cards, 12 in big.",
        "zh": "{given} 把提 {cards} 当成跑算了（算了 {wrong} 胡息，应该是 {right}）。四张都是自己的（发到手的或自己摸的）就是提：小字九、大字十二。",
    },
    "mc-hn-eaten-run-zero": {
        "en": "{given} leaves out the eaten run {cards}. 一二三 and 二七十 score whether you ate them or held them: this one is worth {right}.",
        "zh": "{given} 漏算了吃来的 {cards}。一二三、二七十吃来的和手里的一样算，这一组值 {right} 胡息。",
    },
    "mc-hn-special-run-zero": {
        "en": "{given} counts {cards} as nothing. Most runs are worth 0, but 一二三 and 二七十 are worth 3, and 壹贰叁 and 贰柒拾 are worth 6.",
        "zh": "{given} 把 {cards} 算成了零。一般的一句话不算胡息，但一二三、二七十值三胡息，壹贰叁、贰柒拾值六胡息。",
    },
    "mc-hn-jiao-as-kan": {
        "en": "{given} scores the jiao {cards} as if it were three alike. A jiao mixes the two sizes, so its cards are not identical: it is worth 0.",
        "zh": "{given} 把绞 {cards} 当成三张一样的牌算了。绞是大小字搭在一起的，三张并不相同，不算胡息。",
    },
    # ------------------------------------------------------------ groups and waits
    "mc-hn-mixed-run": {
        "en": "{cards} is not a run: small and big cards never mix in a run. Mixed sizes make a group only as a jiao, all of one value.",
        "zh": "{cards} 不是一句话：大小字不能混着配一句话。大小字搭配只能是同一个数的绞。",
    },
    "mc-hn-forgot-2710": {
        "en": "You missed what 二七十 can do: 二七十 (and 贰柒拾) is a run too, although the numbers are not consecutive.",
        "zh": "你忘了二七十：二七十（还有贰柒拾）数目虽然不挨着，也算一句话。",
    },
    "mc-hn-forgot-jiao": {
        "en": "You missed what a jiao can do: one value in both sizes (like 八八捌 or 八捌捌) is a group too.",
        "zh": "你忘了绞：同一个数大小字搭配（比如八八捌、八捌捌）也是一方门子。",
    },
    "mc-hn-split-kan": {
        "en": "{cards} would complete the hand only by breaking up a kan. Three alike in the hand always stay together.",
        "zh": "{cards} 要拆开坎才凑得成。手里三张一样的牌永远是一坎，不能拆。",
    },
    "mc-hn-forgot-minimum": {
        "en": "The seven groups are there, but they make only {huxi} huxi and this table needs {min}: not a win.",
        "zh": "七方门子是齐了，可只有 {huxi} 胡息，这张桌子要 {min} 胡息才能胡。",
    },
    # ------------------------------------------------------------ actions
    "mc-hn-missed-bi": {
        "en": "You still hold {count} more {card}. When you eat a card, every other copy in your hand must come out with it, each in a run or jiao of its own (bi).",
        "zh": "你手里还有 {count} 张 {card}。吃牌时，手里同样的牌要一张不剩地跟着比出来，各配成一句话或一绞。",
    },
    "mc-hn-cannot-bi": {
        "en": "Your other {card} cannot be laid out in a run or jiao with the cards left, so you may not eat this card at all.",
        "zh": "你手里另外的 {card} 跟剩下的牌配不成一句话或一绞，比不出来，所以这张牌根本不能吃。",
    },
    "mc-hn-broke-kan": {
        "en": "{cards} belong to a kan. Three alike in the hand are locked: never discarded, never used to eat or to bi.",
        "zh": "{cards} 是坎里的牌。手里的坎是锁死的：不能打出去，也不能拿去吃或比。",
    },
    "mc-hn-ate-chou-card": {
        "en": "That card is stale for you: you let it go when you could have eaten or peng'd it, so you may not eat it or peng it any more.",
        "zh": "这张牌是你的臭牌：之前能吃能碰的时候你没要，以后就不能再吃，也不能再碰。",
    },
    "mc-hn-own-discard": {
        "en": "You threw {card} away earlier: nobody eats or pengs a card they once discarded.",
        "zh": "{card} 你自己打出去过：自己打过的牌不能再吃，也不能再碰。",
    },
    "mc-hn-skipped-forced": {
        "en": "This is not a choice: when the cards fall that way, the group must be made at once. Ti, wei and pao are compulsory; only chi and peng may be let go.",
        "zh": "这一步由不得你：牌一凑成这个样子就必须马上成组。提、偎、跑都是强制的，只有吃和碰可以不要。",
    },
    "mc-hn-won-on-discard": {
        "en": "At this table you win only on a card turned up from the stock. {card} was discarded, so nobody may win on it.",
        "zh": "这张桌子只胡墩上翻出来的牌。{card} 是打出来的，谁也不能胡。",
    },
    "mc-hn-chou-hu": {
        "en": "You passed up a win on {card} before, and your current huxi has not changed since: no win on that card now (chouhu).",
        "zh": "你之前能胡 {card} 却没胡，之后桌面胡息也没变，所以现在不能胡这张牌（臭胡）。",
    },
    "mc-hn-chi-wrong-seat": {
        "en": "{card} is not yours to eat: a discard may be eaten only by the discarder's Right, a turned card only by the player who turned it and then by his Right.",
        "zh": "{card} 轮不到你吃：打出的牌只有出牌人的下家能吃，翻出的牌只有翻牌的人和他的下家能吃。",
    },
    "mc-hn-pao-on-discard": {
        "en": "A peng on the table turns into a pao only with a card turned from the stock. A discarded {card} does not do it.",
        "zh": "桌上的碰只有遇到墩上翻出来的第四张才变成跑，别人打出的 {card} 不算。",
    },
    "mc-hn-lost-on-priority": {
        "en": "Another player's claim on this card comes first: a win beats pao and peng, and they beat chi.",
        "zh": "别人对这张牌的要求比你优先：胡先于跑和碰，跑和碰又先于吃。",
    },
    # ------------------------------------------------------------ priority
    "mc-hn-take-before-hu": {
        "en": "A win comes before everything else: whoever can win on the card is asked first, even before a forced pao (popaohu).",
        "zh": "胡牌最优先：能胡这张牌的人先问，连必须跑的人都要排在后面（破跑胡）。",
    },
    "mc-hn-chi-before-peng": {
        "en": "Chi comes last: a pao or a peng on the card is served before anyone may eat it.",
        "zh": "吃排在最后：有人要跑或碰这张牌，先轮到他们，然后才轮到吃。",
    },
    "mc-hn-seat-order": {
        "en": "Between two players with the same kind of claim, the one who turned the card comes first, then the next player in turn.",
        "zh": "两家要的是同一种时，翻牌的人先，然后按顺序轮到下家。",
    },
    # ------------------------------------------------------------ memory (authored choices)
    "mc-hn-chou-after-peng": {
        "en": "It is not stale for you: you wanted to eat it, but another player's peng took it first. A card lost to a peng does not become stale.",
        "zh": "这张不是你的臭牌：你本来想吃，是被别人先碰走了。被碰走的牌不算臭。",
    },
    "mc-hn-chou-blocks-win": {
        "en": "A stale card only stops you from eating or peng-ing it. If it turns up and completes your hand, you may still win on it.",
        "zh": "臭牌只是不能再吃、再碰；它翻出来正好让你胡，照样可以胡。",
    },
    "mc-hn-peng-forced": {
        "en": "A peng is optional: you may let it go (renpeng). Only ti, wei and pao are compulsory; letting a peng go has its price, though: the card turns stale for you.",
        "zh": "碰是可以不碰的（忍碰）。只有提、偎、跑是强制的；不过忍碰有代价：这张牌就成了你的臭牌。",
    },
    "mc-hn-bakuai": {
        "en": "After a second pao or ti you do not discard (bakuai): the next player draws straight away.",
        "zh": "第二次跑或提以后不用出牌（八块），下家直接摸牌。",
    },
    # ------------------------------------------------------------ settlement
    "mc-hn-forgot-mingtang": {
        "en": "{tun} tun is right, but with {red} red cards the win also has a mingtang, which multiplies it by {factor}.",
        "zh": "{tun} 囤没有错，但这手牌有 {red} 张红牌，还占一个名堂，要乘 {factor}。",
    },
    "mc-hn-tun-no-base": {
        "en": "Reaching the minimum of {min} already pays one tun; each full three huxi above it adds one. The first tun is missing.",
        "zh": "够了起胡的 {min} 胡息就先有一囤，往上每满三胡息再加一囤。你漏了第一囤。",
    },
    "mc-hn-tun-from-zero": {
        "en": "Tun are counted from the minimum, not from zero: {min} huxi is one tun, and every further three huxi add one.",
        "zh": "囤是从起胡数往上算的，不是从零算：{min} 胡息是一囤，往上每三胡息加一囤。",
    },
    "mc-hn-tun-other-minimum": {
        "en": "That counts the tun up from {other_min}, another table's minimum. This table needs {min} huxi: {min} is the first tun, each full three huxi above it adds one, so {huxi} huxi make {tun}.",
        "zh": "你是从 {other_min} 胡息往上数囤的，那是别的桌子的起胡数。这张桌子 {min} 胡息起胡：够 {min} 是第一囤，往上每满三胡息加一囤，{huxi} 胡息是 {tun} 囤。",
    },
    "mc-hn-big-cards-red": {
        "en": "The red cards are 二, 七 and 十 in both sizes (二七十 and 贰柒拾). Big cards are not red as such: 壹 or 伍 are black.",
        "zh": "红牌是二、七、十，大小字都算（二七十和贰柒拾）。大字并不都是红的，壹、伍就是黑的。",
    },
    "mc-hn-red-hand-only": {
        "en": "Count the red cards over all the winner's cards, the groups on the table too, not only the hand: {red} in all.",
        "zh": "红牌要数赢家全部的牌，桌上的组也算，不能只数手里的：一共 {red} 张。",
    },
    # ------------------------------------------------------------ practice: forced groups, 八块
    "mc-hn-wei-as-peng": {
        "en": "A pair in your hand plus the third copy you turn up yourself is a wei, laid face down, and it is compulsory. A peng takes the third card from another player.",
        "zh": "手里一对，第三张是自己翻出来的，这是偎：扣着放，而且必须做。碰的第三张是别人的牌。",
    },
    "mc-hn-chouwei-as-wei": {
        "en": "You let a peng of this card go earlier, so your own draw of it now makes a stale wei (chouwei), laid with one card face up. It is just as compulsory as a wei.",
        "zh": "这张牌你早先忍过碰，现在自己摸到它，成的是臭偎：一张翻开、两张扣着，跟偎一样必须做。",
    },
    "mc-hn-four-origin": {
        "en": "Whose is the fourth card? All four your own (your kan or wei and your own draw) make a ti; a fourth card from another player, or any fourth card onto a peng, makes a pao.",
        "zh": "看第四张是谁的：四张都是自己的（手里的坎或桌上的偎，加上自己摸的）是提；第四张来自别人，或者碰过的牌来了第四张，是跑。",
    },
    "mc-hn-wei-needs-own-draw": {
        "en": "A wei on the table turns into a pao when another player discards or turns up the fourth copy; only your own draw of it makes a ti instead.",
        "zh": "桌上的偎遇上别人打出或翻出的第四张，就变成跑；只有自己摸到第四张才是提。",
    },
    "mc-hn-no-discard-after-four": {
        "en": "After your first pao or ti you discard as usual: only a second one skips the discard (bakuai).",
        "zh": "第一个跑或提以后照常要打一张牌，只有第二个跑或提才不打（八块）。",
    },
    "mc-hn-bakuai-first-four": {
        "en": "This is your first pao or ti, so you discard as usual. Bakuai, no discard, comes only with a second pao or ti: only then does a whole hand need a card more than twenty-one.",
        "zh": "这是你的第一个跑或提，照常打一张。只有第二个跑或提才是八块不打牌：那时一手完整的牌是二十二张，你进牌以后只有二十一张，正好差一张。",
    },
    "mc-hn-no-discard-left": {
        "en": "After a chi or a peng you must throw a card, and kan cards may not be thrown. Eaten this way, nothing would be left to throw, so it is not allowed.",
        "zh": "吃或碰以后要打一张牌，坎里的牌又不能打。这样吃完就没有牌可打了，所以不允许。",
    },
    "mc-hn-wait-below-minimum": {
        "en": "{card} completes your groups, but only with {huxi} huxi, and this table needs {min}: it is not a win.",
        "zh": "{card} 能凑齐门子，但只有 {huxi} 胡息，这张桌子要 {min} 胡息才能胡，所以不算。",
    },
    "mc-hn-fewer-waits": {
        "en": "Throwing {card} leaves you fewer cards to win on ({count}) than another discard "
        "keeps ({most}).",
        "zh": "打 {card} 以后能胡的牌只剩 {count} 种，换一张打能留 {most} 种。",
    },
    # ------------------------------------------------------------ authored choices
    "mc-hn-misread-big": {
        "en": "Say the big numeral aloud: 肆 sì is four, 伍 wǔ five, 陆 liù six, 柒 qī seven, 捌 bā eight, 玖 jiǔ nine, each read like its small numeral. This card is 陆: six.",
        "zh": "把大字念出来：肆读四、伍读五、陆读六、柒读七、捌读八、玖读九，跟小字同音。这张是陆，六。",
    },
    "mc-hn-red-small-only": {
        "en": "Red goes by the number, not the writing: 二, 七 and 十 are red in both sizes, so 贰, 柒 and 拾 are red cards too.",
        "zh": "红黑看数目，不看大小字：二、七、十是红牌，贰、柒、拾同样是红牌。",
    },
    "mc-hn-plain-run": {
        "en": "三四五 is a group: three small cards whose numbers follow on make a run. Only 三四伍 mixes the sizes, and a run never does.",
        "zh": "三四五是一方门子：三张小字、数目挨着，就是一句话。混了大小字的是三四伍，一句话里大小字不能混。",
    },
    "mc-hn-pao-no-pair": {
        "en": "Seven groups of three no longer do: once you have a pao or ti on the table, one of your seven menzi must be a pair, the jiang.",
        "zh": "七组三张已经不行了：桌上一有跑或提，七方门子里就必须有一对将。",
    },
    "mc-hn-pao-needs-another": {
        "en": "A pao calls for a pair, not for a second four: exactly one pair, the jiang, must be one of your seven menzi. A second pao or ti is never required.",
        "zh": "有了跑，要的是一对将，不是再来一组四张：七方门子里必须正好有一对将，并不要求第二个跑或提。",
    },
    "mc-hn-no-peng-on-discard": {
        "en": "A discard may be peng'd as well as eaten: holding the pair, you may peng the third copy whoever discards it or turns it up, and whether you do is up to you.",
        "zh": "打出来的牌不光能吃，也能碰：手里有一对，不管谁打出或翻出第三张，你都可以碰，碰不碰由你。",
    },
    "mc-hn-bakuai-draw-again": {
        "en": "You do not draw again: after a second pao or ti your turn ends with no discard, and your Right draws next (bakuai).",
        "zh": "你不会再摸牌：第二次跑或提以后，你这一手不打牌就结束了，接着由下家摸牌（八块）。",
    },
    "mc-hn-lost-card-own-draw": {
        "en": "Losing the 捌 to a peng puts no limit on you at all: it is not stale for you, so you may eat the next one just as you could before.",
        "zh": "捌被别人碰走，对你没有任何限制：它不是你的臭牌，下一张捌来了，照常可以吃。",
    },
    "mc-hn-win-own-turn-only": {
        "en": "Any card turned up from the stock can be won on, whoever turns it: the 三 your Right turns up is as good as one you turn yourself, stale or not.",
        "zh": "墩上翻出来的牌谁翻的都能胡：下家翻出的三跟你自己翻的一样，是不是臭牌都一样能胡。",
    },
    "mc-hn-size-fours-as-three": {
        "en": "Each pao or ti has four cards, one more than a group of three. Once there is one, one of the seven menzi is the two-card pair, so a winning hand is twenty cards plus one for each pao or ti: twenty-one with one of them, twenty-two with two.",
        "zh": "跑和提都是四张，比三张一组多一张。有了跑或提，七方门子里就有一对两张的将，所以一手胡牌是二十张再加跑和提的个数：一个是二十一张，两个是二十二张。",
    },
    "mc-hn-size-no-pair": {
        "en": "Not every menzi has three or four cards: with a pao or ti, one of the seven is the pair, only two. So with a pao or ti a winning hand is twenty cards plus one for each of them: twenty-two with two.",
        "zh": "不是每方门子都有三四张：有了跑或提，七方门子里有一对将，只有两张。所以有跑或提时，一手胡牌是二十张再加跑和提的个数，有两个就是二十二张。",
    },
    "mc-hn-tianhu-minimum": {
        "en": "A heavenly win by three ti or five kan needs no minimum: it is won at once, whatever the huxi and however the other cards lie.",
        "zh": "三提五坎的天胡不看起胡数：不管胡息多少、其余的牌成不成组，马上就胡。",
    },
    "mc-hn-tianhu-ti-as-kan": {
        "en": "For five kan a ti counts as a kan: two ti and three kan make five, a heavenly win. Only the three-ti win needs three real ti.",
        "zh": "算五坎时提可以当坎：两提加三坎就是五坎，是天胡。只有三提的天胡才必须是真正的三个提。",
    },
    "mc-hn-tianhu-waits": {
        "en": "Five kan from the deal are a heavenly win on their own: it is compulsory and taken at once, and it even comes before a win on the shown card. Nothing is waited for.",
        "zh": "起手五坎本身就是天胡：必须胡，马上就胡，连胡亮张都要排在它后面，用不着等什么。",
    },
    "mc-hn-dianhu-as-honghu": {
        "en": "A red win (honghu) takes 10 to 12 red cards. A single red card, just a dot of red, is a one-red win (dianhu): times 3.",
        "zh": "红胡要十到十二张红牌。只有一张红牌，一点红，是点胡，乘三。",
    },
    "mc-hn-dianhu-as-heihu": {
        "en": "A black win (heihu) means no red card at all. With exactly one red card the win is a one-red win (dianhu): times 3.",
        "zh": "黑胡是一张红牌也没有。正好一张红牌是点胡，乘三。",
    },
    "mc-hn-dianhu-no-mingtang": {
        "en": "Only 2 to 9 red cards leave a win with no mingtang. Exactly one red card is a mingtang of its own, the one-red win (dianhu): times 3.",
        "zh": "红牌在二到九张之间才没有名堂。正好一张红牌本身就是一个名堂：点胡，乘三。",
    },
    # ------------------------------------------------------------ hints of the hunan queries
    "hint-bakuai": {
        "en": "Count your cards after this group: a whole hand is 21 cards, or, once you have a pao or ti, 20 plus the number of them (21 with one, 22 with two). You discard only when you have reached it.",
        "zh": "数一数进了这组以后的牌：一手完整的牌，没有跑和提是二十一张；有了跑或提，是二十张再加跑和提的个数（一个二十一张，两个二十二张）。够了这个数才打牌。",
    },
    "hint-win-draws": {
        "en": "Try each card as your own draw: a pair becomes a wei, a kan a ti; then are there seven groups and enough huxi?",
        "zh": "把每种牌当作自己翻出来的试一试：配手里的一对成偎，配一坎成提，配桌上的碰成跑；然后看七方门子齐不齐、胡息够不够。",
    },
    "hint-hu-huxi": {
        "en": "See how the card joins your groups first (a peng, a wei, a pao, or a run), then add the huxi of every group, table and hand.",
        "zh": "先看这张牌怎么进组（成碰、成偎、成跑，还是配成一句话），再把桌上和手里每一组的胡息加起来。",
    },
    "hint-hu-tun": {
        "en": "Reaching the minimum is one tun; every full three huxi above it add one.",
        "zh": "够起胡数就是一囤，往上每满三胡息加一囤。",
    },
    "hint-hu-total": {
        "en": "Work out the tun, then count the winner's red cards (二七十, 贰柒拾), table groups included, for the mingtang.",
        "zh": "先算囤，再数赢家全部的红牌（二七十、贰柒拾，桌上的也算），看占不占名堂。",
    },
    "hint-keep-waits": {
        "en": "For each discard, list the cards that would then win when you turn them up, and leave out any whose every copy you can see.",
        "zh": "每打一张，列出之后自己翻到就能胡的牌；四张都看得见的不算。",
    },
    # ------------------------------------------------------------ facts of the hunan queries
    "fact-hn-bakuai": {
        "en": "After it you hold {size} cards, and with {quads} pao or ti a whole hand has {whole}: no discard (bakuai).",
        "zh": "进牌以后你有 {size} 张牌；有 {quads} 个跑或提时，一手完整的牌是 {whole} 张，所以不打牌（八块）。",
    },
    "fact-hn-discard-due": {
        "en": "After it you hold {size} cards, a whole hand with {quads} pao or ti: you discard one.",
        "zh": "进牌以后你有 {size} 张牌，有 {quads} 个跑或提时正好是一手完整的牌，所以要打一张。",
    },
    "fact-hn-discard-waits": {
        "en": "Throw {card}: you can win on {cards} ({count} in all).",
        "zh": "打 {card}：能胡 {count} 种牌（{cards}）。",
    },
    "fact-hn-discard-no-waits": {
        "en": "Throw {card}: no card to win on.",
        "zh": "打 {card}：没有能胡的牌。",
    },
    "fact-hn-red": {
        "en": "Red cards (二七十, 贰柒拾): {count}. {cards}",
        "zh": "红牌（二七十、贰柒拾）：{count} 张。{cards}",
    },
    "fact-hn-table-huxi": {
        "en": "The groups on the table make {huxi} huxi: that is the current huxi.",
        "zh": "桌上各组合起来是 {huxi} 胡息，这就是当前胡息。",
    },
    "fact-hn-bi-way": {
        "en": "One way to lay out the bi: {cards}.",
        "zh": "一种比法：{cards}。",
    },
}
