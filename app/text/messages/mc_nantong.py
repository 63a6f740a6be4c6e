"""Messages of the nantong misconceptions (codes in app/teaching/nantong/misconceptions.py),
and the facts the Nantong queries state in a proof (app/teaching/nantong/queries.py)."""

MESSAGES: dict[str, dict[str, str]] = {
    # -- from groups to the total ---------------------------------------------------------
    "mc-nt-no-rounding": {
        "en": "You left the groups' sum, {sum}, as it was. The dihu is always rounded up to the "
        "next ten (11 becomes 20), and so is the final total.",
        "zh": "你把牌组的胡数 {sum} 原样用上了。底胡要进整到下一个十（11 就算 20），最后的总数也一样进整。",
    },
    "mc-nt-rounded-down": {
        "en": "You rounded {sum} down. In duzihu rounding only goes up: anything past a ten counts "
        "as the next ten.",
        "zh": "你把 {sum} 往下舍了。笃子胡只进不舍：过了十就算下一个十。",
    },
    "mc-nt-missed-chenghu": {
        "en": "You left out the chenghu: going out with a piaohu or a tazihu adds 20 on top of the "
        "dihu.",
        "zh": "漏了成胡：飘胡和塌子胡胡了牌，底胡之外还要加 20 胡成胡。",
    },
    "mc-nt-piao-not-doubled": {
        "en": "A piaohu doubles: after adding everything up and rounding, multiply by 2.",
        "zh": "飘胡要翻倍：全部加好、进整之后，再乘 2。",
    },
    "mc-nt-piao-missed-30": {
        "en": "Under two-general rules a piaohu adds 30 more before the doubling: (dihu + chenghu "
        "20 + extras + 30) × 2.",
        "zh": "双将的飘胡在翻倍之前还要再加 30：（底胡 + 成胡 20 + 其他 + 30）× 2。",
    },
    "mc-nt-piao-30-danjiang": {
        "en": "The extra 30 of a piaohu belongs to two-general rules. Under one-general rules a "
        "piaohu is (dihu + chenghu + extras) × 2.",
        "zh": "飘胡多加的 30 是双将的算法。单将的飘胡是（底胡 + 成胡 + 其他）× 2。",
    },
    "mc-nt-qing-base": {
        "en": "You used {base} for the qinghu. It is 100 under two-general rules and 80 under "
        "one-general rules: check which rule set this hand is played under.",
        "zh": "你给清胡算了 {base}。清胡双将算 100，单将算 80：先看清这手牌打的是哪一种。",
    },
    "mc-nt-missed-sanlao": {
        "en": "Thousand, Red Flower and White Flower are all here as three or four alike: the "
        "three old ones meet, and their hu count a second time.",
        "zh": "千字、红花、白花都成了三张或四张：三老会齐，这三组的胡要再算一遍。",
    },
    "mc-nt-wenqian-linear": {
        "en": "{count} wenqian are not worth 20 each: one is 20, two are 50, three are 100.",
        "zh": "{count} 个文钱不是每个 20：单文钱 20，双文钱 50，三文钱 100。",
    },
    "mc-nt-missed-zimo": {
        "en": "You left out the self-drawn win: a winning card you drew yourself adds 10.",
        "zh": "漏了自摸：最后一张是自己摸到的，加 10 胡。",
    },
    "mc-nt-haidi-no-zimo": {
        "en": "The moon from the sea bed is a self-drawn win: count the 10 for the self-draw "
        "first, then double.",
        "zh": "海底捞月也是自摸：先加自摸的 10 胡，再翻倍。",
    },
    "mc-nt-missed-win-card": {
        "en": "The winning card, the {card}, earns 10: it sits in the middle of a run (yazi), is "
        "the end card of 1-2-3 or 7-8-9 (tuowei), or completes the pair (diaotou).",
        "zh": "最后那张 {card} 值 10 胡：它卡在搭子中间（丫子）、是一二三的三或七八九的七（拖尾），或者补成了将头（吊头）。",
    },
    "mc-nt-missed-doubling": {
        "en": "You forgot the doubling for {term}: each doubling multiplies the rounded total, by 4 "
        "for doubly poor but fierce and by 2 for everything else.",
        "zh": "漏了{term}的翻倍：每一种翻倍都要乘在进整后的总数上，穷穷狠乘 4，其余都乘 2。",
    },
    "mc-nt-xi-linear": {
        "en": "{count} xi cards are not worth 10 each: one is 10, two 30, three 50, four 100, five "
        "200.",
        "zh": "{count} 张喜不是每张 10：一张 10，两张 30，三张 50，四张 100，五张 200。",
    },
    # -- the group tables -----------------------------------------------------------------
    "mc-nt-laojiang-ordinary": {
        "en": "You counted the {card} as an ordinary card. It is an old general: it always counts "
        "on a general row, whatever is turned.",
        "zh": "你把{card}当普通牌算了。它是老将，不管翻出什么将，都按将牌算。",
    },
    "mc-nt-zaijiang-ordinary": {
        "en": "You counted the {card} as ordinary, but a turned general of its value makes it a "
        "general: every card of that value, in all three suits, counts on the general row.",
        "zh": "你把{card}当普通牌算了。翻出的将牌跟它同点数，它就在将：这个点数的条、丙、万都按将算。",
    },
    "mc-nt-changjiang-ordinary": {
        "en": "You counted the {card} as ordinary. Under one-general rules every 1 and every 9 is "
        "a standing general, like Thousand, Red Flower and White Flower.",
        "zh": "你把{card}当普通牌算了。单将里所有的一和九都是常将，跟千字、红花、白花一样。",
    },
    "mc-nt-situation-row": {
        "en": "You counted the {card} on the plain general row. Here the turned cards make a "
        "bigger case (double generals, half generals or two dragons meet), and its row is "
        "worth twice or four times as much.",
        "zh": "你把{card}按普通的在将算了。这一局翻出的将牌让它那一行更高：双将的点数、半边将的老将、单将翻到老将时的老将，胡数都是普通在将的两倍；双龙会的老将是四倍。",
    },
    "mc-nt-not-general": {
        "en": "You counted the {card} as a general, but nothing makes it one here: it counts on "
        "the ordinary row.",
        "zh": "你把{card}算成将了，可这一局没有哪张将牌让它在将：它按普通牌算。",
    },
    "mc-nt-peng-as-inhand": {
        "en": "The group of {card} is a pong (one card came from a discard): count the pong "
        "column, half of three held in the hand.",
        "zh": "{card}这组是碰来的（有一张是别人打的）：按碰那一栏算，只有在手三张的一半。",
    },
    "mc-nt-inhand-as-peng": {
        "en": "The group of {card} is all in your hand, not a pong: three in hand count twice a "
        "pong.",
        "zh": "这三张{card}都在自己手里，不是碰的：在手三张是碰的两倍。",
    },
    "mc-nt-houmo-as-qishou": {
        "en": "The four of {card} were not all dealt to you: a four drawn later counts less than a "
        "dealt four.",
        "zh": "这四张{card}不是起手就有的：后摸的四张比起手的四张算得少。",
    },
    "mc-nt-fanjiang-peng": {
        "en": "The {card} is the turned general's own kind: with the turned copy the pong makes "
        "four, so it counts twice the row's pong.",
        "zh": "{card}跟翻出的将牌是同一种牌：碰的三张加上翻出的那张就是四张，所以按这一行碰的两倍算。",
    },
    "mc-nt-fanjiang-three": {
        "en": "Your three of {card} and the turned copy make four: they count as a four drawn "
        "later, not as three in hand.",
        "zh": "手里三张{card}加上翻出的那张就是四张：按后摸的四张算，不按在手三张算。",
    },
    # -- reading the generals -------------------------------------------------------------
    "mc-nt-jiutiao-forgotten": {
        "en": "The nine of strings is the fourth old general under two-general rules: it counts as "
        "a general whatever is turned.",
        "zh": "九条是双将的第四个老将：不管翻出什么，它都算将。",
    },
    "mc-nt-other-suits": {
        "en": "You missed {cards}. A turned card makes its value a general in all three suits, not "
        "only in its own.",
        "zh": "漏了{cards}。翻出的将牌让这个点数的三门牌都在将，不只是它自己那一门。",
    },
    "mc-nt-changjiang-in-shuang": {
        "en": "{cards}: ones and nines are standing generals only under one-general rules. Under "
        "two-general rules only the nine of strings joins Thousand, Red Flower and White "
        "Flower.",
        "zh": "{cards}：一和九只有在单将里才是常将。双将里只有九条跟千字、红花、白花一起算老将。",
    },
    "mc-nt-dan-group": {
        "en": "You missed {cards}. Under one-general rules the turned card brings its whole group "
        "in: a 1, 4 or 7 makes every 1, 4 and 7 a general, and so on for 2-5-8 and 3-6-9.",
        "zh": "漏了{cards}。单将翻出的将牌带着一整组进将：翻到一、四、七，所有的一、四、七都在将；二五八、三六九也一样。",
    },
    # -- groups, actions, going out -------------------------------------------------------
    "mc-nt-honour-run": {
        "en": "Thousand, Red Flower and White Flower are not a suit and have no numbers: they "
        "never make a run, only pairs, threes and fours alike.",
        "zh": "千字、红花、白花不是一门花色，也没有点数：它们不能连成搭子，只能成对、成刻、成杠。",
    },
    "mc-nt-runs-not-piao": {
        "en": "A piaohu has no runs at all (a wenqian apart): with runs and threes together it is "
        "a tazihu.",
        "zh": "飘胡里除了文钱一个搭子也没有：既有搭子又有刻子的是塌子胡。",
    },
    "mc-nt-alike-not-qing": {
        "en": "A qinghu has no three alike anywhere: seven runs and a pair. With a three alike it "
        "is a tazihu.",
        "zh": "清胡里一个刻子都没有：七个搭子加一对将头。有了刻子就是塌子胡。",
    },
    "mc-nt-no-alike-not-tazi": {
        "en": "A tazihu mixes runs with threes alike, and this hand has no three alike at all: "
        "seven runs and a pair make a qinghu.",
        "zh": "塌子胡是搭子和刻子混在一起，这手牌一个刻子也没有：七个搭子加一对将头，是清胡。",
    },
    "mc-nt-bazi-not-tazi": {
        "en": "You hold three of each of these: {cards}. Read them as three runs, not three threes "
        "alike. Then the whole hand is runs, a qinghu worth 100, and each of those cards "
        "still adds a bazi. A hand is counted the way that scores most.",
        "zh": "{cards}各有三张，可以拆成三个搭子，不必当三个刻子。这样拆，整手都是搭子，是清胡，算 100，"
        "够三张的牌还能带把子。一手牌按胡数多的拆法算。",
    },
    "mc-nt-wenqian-other-run": {
        "en": "That is an ordinary run ({cards}). The wenqian is one run only: the one, two and "
        "three of coins.",
        "zh": "{cards}只是普通的搭子。文钱只有一种：一丙、二丙、三丙。",
    },
    "mc-nt-piao-not-qing": {
        "en": "A 清胡 is seven runs and a pair, with no three alike. Here every group but the pair "
        "is three or four alike (文钱 apart): a 飘胡.",
        "zh": "清胡是七个搭子加一对将头，一个刻子都没有。这手牌除了将头全是刻子或杠（文钱除外）：是飘胡。",
    },
    "mc-nt-piao-not-tazi": {
        "en": "A 塌子胡 mixes runs with threes alike. Here there is no run (文钱 apart): every "
        "group but the pair is three or four alike, a 飘胡.",
        "zh": "塌子胡是搭子和刻子都有。这手牌除了文钱一个搭子也没有，除了将头全是刻子或杠：是飘胡。",
    },
    "mc-nt-qing-not-piao": {
        "en": "A 飘胡 is made of threes alike. Here there is no three alike at all: seven runs "
        "and a pair, a 清胡.",
        "zh": "飘胡是刻子凑成的。这手牌一个刻子都没有：七个搭子加一对将头，是清胡。",
    },
    "mc-nt-qing-not-tazi": {
        "en": "A 塌子胡 has threes alike among its runs. Here there is none: seven runs and a "
        "pair, a 清胡.",
        "zh": "塌子胡里搭子和刻子都有。这手牌一个刻子都没有：七个搭子加一对将头，是清胡。",
    },
    "mc-nt-wenqian-not-run": {
        "en": "The wenqian (one-two-three of coins) is no ordinary run: a hand of threes alike "
        "with a wenqian is still a piaohu.",
        "zh": "文钱（一二三丙）不算普通搭子：除了文钱全是刻子，照样是飘胡。",
    },
    "mc-nt-dealer-rests": {
        "en": "Nobody deals twice running: when a deal is over, its dealer sits the next one out "
        "and his Right deals.",
        "zh": "庄家不连庄：一局打完，这局的庄家下一局歇着，由他的下家坐庄。",
    },
    "mc-nt-peng-then-discard": {
        "en": "After a pong you do not draw: the discard you took stands in for your draw, so you "
        "lay the three down and discard one card straight away.",
        "zh": "碰了以后不摸牌：碰来的那张就顶了这一轮该摸的牌，三张摆好，马上打出一张。",
    },
    "mc-nt-chi": {
        "en": "Duzihu has no chi: you may pong a discard, but never take it to make a run (except "
        "as your winning card).",
        "zh": "笃子胡不能吃：别人打的牌可以碰，但不能拿来凑搭子（胡牌那一张除外）。",
    },
    "mc-nt-peng-needs-two": {
        "en": "To pong the {card} you need two copies of it in your hand already.",
        "zh": "要碰{card}，手里得先有两张{card}。",
    },
    "mc-nt-hu-not-complete": {
        "en": "These cards do not make a pair and seven groups yet: you cannot win.",
        "zh": "这手牌还凑不成一对将头加七组：不能胡。",
    },
    "mc-nt-baoting-locked": {
        "en": "After declaring ready your hand is fixed: a card you draw that does not win goes "
        "straight out; here that is {card}.",
        "zh": "报听以后手里的牌就不能再换了：摸来的牌胡不了就直接打掉，这里就是{card}。",
    },
    "mc-nt-dealer-baoting": {
        "en": "The dealer cannot declare ready: only the two other players may, before the first "
        "discard.",
        "zh": "庄家不能报听：只有另外两家可以在庄家打出第一张牌之前报听。",
    },
    "mc-nt-peng-before-hu": {
        "en": "A win on a discard beats a pong or a gang of the same card, whoever sits closer.",
        "zh": "同一张牌，有人要胡、有人要碰或杠，胡的优先，不管谁坐得近。",
    },
    "mc-nt-hu-turn-order": {
        "en": "Only one player wins on a discard: the first one after the discarder, in turn "
        "order.",
        "zh": "一张牌只能一家胡：从打牌的人往下数，先轮到的那一家胡。",
    },
    "mc-nt-wait-no-copies": {
        "en": "No copy of the {card} is left for you: count your own copies and the turned "
        "generals; all four are used.",
        "zh": "已经没有{card}可等了：自己手里的加上翻出的将牌，四张都用掉了。",
    },
    "mc-nt-forgot-turned": {
        "en": "You forgot the turned generals: the {card} (×{count}) lies face up as a general, "
        "seen by all, and no one can draw it.",
        "zh": "忘了翻出的将牌：有 {count} 张{card}翻在桌上当将牌，谁都看得见，也不会再被摸到。",
    },
    "mc-nt-gang-needs-three": {
        "en": "An open gang on a discard needs three {card} in your hand already; with two you may "
        "only pong.",
        "zh": "要杠别人打的{card}，手里得先有三张；只有两张的话只能碰。",
    },
    "mc-nt-baoting-late": {
        "en": "Declaring ready belongs to the very start: once the dealer has made his first "
        "discard, nobody may declare ready any more, however ready the hand.",
        "zh": "报听只在开局：庄家打出第一张牌以后，牌再听也不能报了。",
    },
    "mc-nt-baoting-not-waiting": {
        "en": "Only a hand one card short of a win may declare ready, and this one is not: no "
        "single card completes it.",
        "zh": "只有差一张就胡的牌才能报听，这手牌还不是：没有哪一张牌能让它胡。",
    },
    "mc-nt-shuang-same-value": {
        "en": "Both turned cards have the same value: that is double generals, in one suit or in "
        "two, not ordinary generals.",
        "zh": "两张将牌点数一样：不管同门还是不同门，都是双将，不是普通将。",
    },
    "mc-nt-laojiang-turned": {
        "en": "A turned Thousand, Red Flower, White Flower or nine of strings is an old general: "
        "one of them makes half generals, two make two dragons meet.",
        "zh": "翻出的千字、红花、白花、九条都是老将：翻到一张是半边将，两张都是就是双龙会。",
    },
    "mc-nt-no-laojiang-turned": {
        "en": "Neither turned card ({cards}) is an old general (Thousand, Red Flower, White Flower "
        "or nine of strings). Half generals need one old general among the turned cards; two "
        "dragons meet needs two.",
        "zh": "{cards}：两张都不是老将（千字、红花、白花、九条）。翻出的将牌里有一张老将才是半边将，两张都是老将才是双龙会。",
    },
    "mc-nt-shuang-not-same-value": {
        "en": "The turned cards ({cards}) have two different values, so these are not double "
        "generals. Double generals need both turned cards of one value, such as a four of "
        "coins and a four of strings.",
        "zh": "{cards}：点数不一样，不是双将。双将要两张将牌点数相同，比如四丙和四条。",
    },
    "mc-nt-dihu-chenghu": {
        "en": "You added the 20 for going out. The dihu is the groups alone, rounded up; the "
        "chenghu comes after it.",
        "zh": "你把成胡的 20 也加进去了。底胡只算牌组的胡，进整就行；成胡要另外加。",
    },
    # -- settlement -----------------------------------------------------------------------
    "mc-nt-nonwinner-chenghu": {
        "en": "A player who did not go out gets no chenghu (the 20 for going out): only the dihu "
        "of his groups, and any xi cards, count.",
        "zh": "没胡的人没有成胡：只算他牌组的底胡（带喜的话再加喜）。",
    },
    "mc-nt-pay-full": {
        "en": "The others do not pay the whole {total}: each pair of players settles only the "
        "difference between their counts.",
        "zh": "别人不是把 {total} 胡全付给你：每两家之间只付胡数的差额。",
    },
    "mc-nt-winner-never-pays": {
        "en": "Going out is not enough: a winner who counts fewer hu than another player pays him "
        "the difference (paying back).",
        "zh": "胡了牌不一定收钱：胡牌的人总胡数比别人少，还要倒付差额给他。",
    },
    "mc-nt-only-winner-settles": {
        "en": "You settled with the winner alone. The two players who did not go out settle "
        "too: every pair of the three compares counts and pays the difference.",
        "zh": "你只跟胡牌的人算了账。没胡的两家之间也要算：三家两两比，每一对都付差额。",
    },
    "mc-nt-dihu-round-not-local": {
        "en": "Rounding the dihu up to the next ten is the same at every table. The only rounding "
        "a table chooses is the last one: whether the total is rounded again before the "
        "doublings.",
        "zh": "底胡往上进整，各桌都一样。牌桌可以自己定的只是最后那一步：翻倍之前总数要不要再进整。",
    },
    "mc-nt-chenghu-not-local": {
        "en": "The 20 for going out (chenghu) is part of every winner's count, at every table. "
        "What a table agrees first is two generals or one, xi cards, four wenqian and the "
        "final rounding.",
        "zh": "成胡 20 是胡牌的人都有的，各桌都一样。要事先说好的是双将还是单将、带不带喜、四个文钱和最后的进整。",
    },
    "mc-nt-no-chi-not-local": {
        "en": "No chi is a rule of duzihu everywhere, not a table's choice. What a table agrees "
        "first is two generals or one, xi cards, four wenqian and the final rounding.",
        "zh": "不能吃是笃子胡到哪里都一样的规矩，不用商量。要事先说好的是双将还是单将、带不带喜、四个文钱和最后的进整。",
    },
    # -- facts stated in a proof ----------------------------------------------------------
    "fact-nt-deck": {
        "en": "The deck under these rules has {count} cards.",
        "zh": "按这套规则，一副牌共 {count} 张。",
    },
    "fact-nt-dihu": {
        "en": "The groups add up to {sum} hu; rounded up to the next ten, the dihu is {dihu}.",
        "zh": "牌组加起来是 {sum} 胡，往上进整，底胡是 {dihu}。",
    },
    "fact-nt-total": {
        "en": "The count for {seat}: {total} hu.",
        "zh": "{seat}算得{total}胡。",
    },
    "fact-nt-row-putong": {
        "en": "{card}: ordinary, not a general.",
        "zh": "{card}：普通牌，不在将。",
    },
    "fact-nt-row-zaijiang": {
        "en": "{card}: a general (an old general, or the value of a turned card).",
        "zh": "{card}：在将（老将，或与将牌同点数）。",
    },
    "fact-nt-row-shuangjiang": {
        "en": "{card}: a general on the double generals' row (both turned cards share its value).",
        "zh": "{card}：在将，按双将那一行算（两张将牌同点数）。",
    },
    "fact-nt-row-banbian": {
        "en": "{card}: an old general under half generals.",
        "zh": "{card}：半边将下的老将。",
    },
    "fact-nt-row-shuanglong": {
        "en": "{card}: an old general under two dragons meet.",
        "zh": "{card}：双龙会下的老将。",
    },
    "fact-nt-row-jiang": {
        "en": "{card}: a general under one-general rules (a standing general, or in the turned "
        "card's group).",
        "zh": "{card}：单将里的将牌（常将，或与翻将同一组）。",
    },
    "fact-nt-row-laojiang": {
        "en": "{card}: an old general, and an old general is turned (one-general rules).",
        "zh": "{card}：老将，而且翻出的将牌正是老将（单将）。",
    },
}
