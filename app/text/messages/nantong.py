"""Messages for the Nantong 长牌 (笃子胡) engine: reasons, count lines, 将 situations.

Every code starts with ``nt-``. Count lines: the engine gives the points; these
sentences say which rule gave them. A test checks that every code the engine
declares (``REASON_CODES``, ``COUNT_CODES``, ``SITUATION_CODES``, ``ROW_CODES``) is here,
in both languages, with the same placeholders.
"""

MESSAGES: dict[str, dict[str, str]] = {
    # -- reasons: a legitimate "no" ------------------------------------------
    "nt-game-over": {
        "en": "This deal is over: nobody can act any more.",
        "zh": "这一局已经结束，不能再行动了。",
    },
    "nt-not-your-turn": {
        "en": "{seat} cannot act now: the turn is with {turn}.",
        "zh": "现在轮到{turn}，{seat}不能行动。",
    },
    "nt-not-legal": {
        "en": "'{kind}' is not allowed at this moment of the deal.",
        "zh": "此时不能“{kind}”。",
    },
    "nt-not-in-hand": {
        "en": "You cannot discard {card}: it is not in your hand.",
        "zh": "不能打出 {card}：你手里没有这张牌。",
    },
    "nt-not-complete": {
        "en": "Not a winning hand: the cards do not make one pair and seven groups.",
        "zh": "还不能胡：这些牌凑不成一对将头加七组。",
    },
    "nt-not-waiting": {
        "en": "You can only declare ready when one more card would complete your hand.",
        "zh": "只有再来一张牌就能胡时才能报听。",
    },
    "nt-must-discard-drawn": {
        "en": "After declaring ready you may not change your hand: discard the card you drew, {card}.",
        "zh": "报听以后不能换牌：要打出刚摸到的 {card}。",
    },
    "nt-cannot-peng": {
        "en": "You cannot pong {card}: you need two of it in hand, and not after declaring ready.",
        "zh": "不能碰 {card}：手里要有两张同样的牌，而且报听后不能碰。",
    },
    "nt-cannot-gang": {
        "en": "You cannot lay down {card} as a gang now.",
        "zh": "现在不能把 {card} 杠（窟）下来。",
    },
    "nt-no-chi": {
        "en": "In duzihu you may pong but never chi: a discard only completes a run when you win "
        "on it.",
        "zh": "笃子胡可碰不可吃：别人打的牌只有胡牌时才能凑成搭子。",
    },
    "nt-no-seat": {
        "en": "There is no {seat} at this table: it seats four players.",
        "zh": "这张桌上没有{seat}：一桌只坐四个人。",
    },
    "nt-sits-out": {
        "en": "{seat} must sit this deal out: the dealer's Left does not play.",
        "zh": "{seat}这一局定醒：庄家的上家不打这一局。",
    },
    "nt-hu-needs-card": {
        "en": "You go out on a card you just drew or on a discard: after a pong, discard first.",
        "zh": "胡牌要靠刚摸到的牌或别人打出的牌：碰牌以后要先打出一张。",
    },
    "nt-dealer-no-baoting": {
        "en": "The dealer does not declare ready: only the two others may, before the dealer's "
        "first discard.",
        "zh": "庄家不能报听：只有另外两家在庄家出第一张牌之前可以报听。",
    },
    "nt-baoting-too-late": {
        "en": "Too late to declare ready: it is declared before the dealer's first discard.",
        "zh": "已经不能报听了：报听要在庄家出第一张牌之前。",
    },
    "nt-already-decided": {
        "en": "You have already decided whether to declare ready.",
        "zh": "你已经决定过是否报听了。",
    },
    "nt-deciding-baoting": {
        "en": "Waiting for {turn} to decide whether to declare ready before the dealer's first "
        "discard.",
        "zh": "{turn}正在决定是否报听（在庄家出第一张牌之前）。",
    },
    "nt-must-discard": {
        "en": "With a full hand you cannot pass: go out, lay down a four, or discard a card.",
        "zh": "手里牌满时不能过：要么胡，要么杠，要么打出一张牌。",
    },
    "nt-no-replacement": {
        "en": "No card is left in the stock to replace a four of {card}: it cannot be laid down now.",
        "zh": "牌堆里已经没有牌可以补了：{card} 现在不能杠下来。",
    },
    "nt-no-discard": {
        "en": "No discard is on offer: '{kind}' answers a card another player has just discarded.",
        "zh": "现在没有别人打出的牌：“{kind}”只能用在别人刚打出的牌上。",
    },
    "nt-own-discard": {
        "en": "You cannot claim your own discard: the others answer it.",
        "zh": "不能要自己打出的牌：由另外两家决定要不要。",
    },
    "nt-already-answered": {
        "en": "You have already answered the discard {card}.",
        "zh": "你已经对打出的 {card} 表过态了。",
    },
    "nt-nothing-to-claim": {
        "en": "You cannot pong, gang or win on {card}, so there is nothing for you to answer.",
        "zh": "{card} 你既不能碰、杠，也不能胡，所以不用表态。",
    },
    "nt-deciding-claim": {
        "en": "Waiting for {turn} to decide whether to claim the discard {card} (pong, gang or "
        "win).",
        "zh": "{turn}正在决定要不要打出的{card}（碰、杠或胡）。",
    },
    "nt-answer-discard": {
        "en": "The discard {card} from {seat} is waiting for its answers (pong, gang, win or "
        "pass): nobody discards or lays down a gang before then.",
        "zh": "{seat}打出的{card}还在等人表态（碰、杠、胡或过）：在这之前谁都不能出牌或杠牌。",
    },
    "nt-huang": {
        "en": "The stock ran out without a winner: a drawn deal, nobody pays.",
        "zh": "牌摸完了也没人胡：荒庄，谁都不付。",
    },
    # -- count lines ---------------------------------------------------------
    "nt-peng": {
        "en": "Pong ({card}): three alike, one taken from a discard.",
        "zh": "{card} 碰一碰。",
    },
    "nt-peng-fanjiang": {
        "en": "Pong ({card}), the turned general's kind: the turned copy makes it four, so the "
        "pong counts double.",
        "zh": "{card} 碰一碰：翻出的将牌凑成四张，碰的胡数加倍。",
    },
    "nt-an-ke": {
        "en": "Concealed three ({card}): all three held in your hand.",
        "zh": "{card} 三张在手（暗刻）。",
    },
    "nt-ming-gang": {
        "en": "Open gang ({card}): one of the four came from a discard, or the fourth was drawn "
        "onto a pong.",
        "zh": "{card} 明杠（杠一杠，或碰后又摸到第四张）。",
    },
    "nt-an-gang": {
        "en": "Concealed gang ({card}), drawn later: your own draws made the four; turned "
        "generals count as copies.",
        "zh": "{card} 后摸成四张（暗杠）；翻出的将牌也算在内。",
    },
    "nt-long": {
        "en": "Dragon ({card}): four dealt to you at the start; turned generals count as copies.",
        "zh": "{card} 起手就成四张（龙）；翻出的将牌也算在内。",
    },
    "nt-sanlao-huiqi": {
        "en": "The three old ones meet: Thousand, Red Flower and White Flower are all three or "
        "four alike, so their hu count twice.",
        "zh": "三老会齐：千字、红花、白花都是三张或四张，这三组的胡数再算一遍。",
    },
    "nt-dihu": {
        "en": "Dihu: the groups make {sum}, rounded up to the next ten.",
        "zh": "底胡：各组共 {sum} 胡，进整到十。",
    },
    "nt-qinghu": {
        "en": "Qinghu: a pair and seven runs; its fixed count replaces the dihu and the chenghu.",
        "zh": "清胡：一对将头加七个搭子，按固定的数算，不再算底胡和成胡。",
    },
    "nt-chenghu": {
        "en": "Chenghu: 20 for going out.",
        "zh": "成胡：胡牌加 20 胡。",
    },
    "nt-piaohu-30": {
        "en": "Piaohu (two-general rules): a further 30 before doubling.",
        "zh": "飘胡（双将）：翻倍前再加 30 胡。",
    },
    "nt-zimo": {
        "en": "Self-drawn win: you drew the winning card yourself.",
        "zh": "自摸：最后一张是自己摸到的。",
    },
    "nt-yazi": {
        "en": "Yazi: the winning card {card} fills the middle of a run.",
        "zh": "丫子：胡的 {card} 卡在搭子中间。",
    },
    "nt-tuowei": {
        "en": "Tuowei: the winning card {card} is the 3 of 1-2-3 or the 7 of 7-8-9.",
        "zh": "拖尾（边张）：胡的 {card} 是“一二三”的三或“七八九”的七。",
    },
    "nt-diaotou": {
        "en": "Diaotou: the winning card {card} completes the pair.",
        "zh": "吊头（单吊）：胡的 {card} 做将头。",
    },
    "nt-gangkai": {
        "en": "Win on a replacement card: you won on the card drawn after a gang.",
        "zh": "杠开：杠后补的那张牌胡了。",
    },
    "nt-bazi": {
        "en": "Bazi: the {card} in hand also count as a group ({as}) though used in runs.",
        "zh": "把子（清儿带把子）：手里的 {card} 虽然用在搭子里，也按 {as} 算胡。",
    },
    "nt-wenqian": {
        "en": "Wenqian: {count} of the run one-two-three of coins (one 20, two 50, three 100).",
        "zh": "文钱：{count} 个“一二三丙”（单文钱 20，双文钱 50，三文钱 100）。",
    },
    "nt-wenqian-ke": {
        "en": "Three wenqian: their three {card} also count as three alike in hand ({as}).",
        "zh": "三文钱的牌也当刻子再算一遍：三张{card}也按在手刻子（{as}）算胡。",
    },
    "nt-xi": {
        "en": "Xi: {count} of the five xi cards (one 10, two 30, three 50, four 100, five 200).",
        "zh": "喜：{count} 张（1 张 10，2 张 30，3 张 50，4 张 100，5 张 200）。",
    },
    "nt-xi-double": {
        "en": "Xi doubled: the turned general (one-general rules) is a xi card.",
        "zh": "单将翻出的将牌是喜，喜的胡数乘 2。",
    },
    "nt-jinzheng": {
        "en": "Rounding up: the total {sum} is rounded up to the next ten.",
        "zh": "进整：合计 {sum} 胡，进整到十。",
    },
    "nt-piaohu-x2": {
        "en": "Piaohu: everything so far is doubled.",
        "zh": "飘胡：以上胡数乘二。",
    },
    "nt-menpiao": {
        "en": "Concealed piaohu: a piaohu with nothing taken from a discard doubles again.",
        "zh": "闷飘：没碰过、没杠过别人打的牌的飘胡，胡数再乘 2。",
    },
    "nt-tiancheng": {
        "en": "Tiancheng: the dealer won with the 23 cards dealt; doubled.",
        "zh": "天成：庄家起手就胡，胡数乘 2。",
    },
    "nt-dihu-win": {
        "en": "Earthly win: won on the dealer's first discard; doubled.",
        "zh": "地胡：胡的是庄家打出的第一张牌，胡数乘 2。",
    },
    "nt-tianting": {
        "en": "Heavenly ready: you declared ready from the deal; doubled.",
        "zh": "天听（折庄）：庄家打出第一张牌之前就报了听，胡数乘 2。",
    },
    "nt-haidi": {
        "en": "Moon from the sea bed: you won by drawing the last card; doubled.",
        "zh": "海底捞月：自己摸到牌堆最后一张胡了，胡数乘 2。",
    },
    "nt-yihutou": {
        "en": "One-hu heads (one-general rules): your only threes alike are pongs of ordinary "
        "cards; doubled.",
        "zh": "一胡头儿（单将）：除了碰的普通牌，再没有三张一样的牌，胡数乘 2。",
    },
    "nt-qionghen": {
        "en": "Poor but fierce: playing with xi cards, you won holding none; doubled.",
        "zh": "穷狠：带喜打，手里一张喜也没有却胡了，胡数乘 2。",
    },
    "nt-qiongqionghen": {
        "en": "Doubly poor but fierce: a xi card was turned as the general (one-general rules) and "
        "you hold none; times four.",
        "zh": "穷穷狠：单将翻出的将牌是喜，自己手里一张喜也没有，胡数乘 4。",
    },
    "nt-pay": {
        "en": "Payment from {from} to {to}: the difference of their hu.",
        "zh": "{from}按胡数差额付给{to}。",
    },
    # -- 将 situations and table rows ------------------------------------------
    "nt-putong-jiang": {
        "en": "Ordinary generals: the turned cards are not old generals and differ in value; their "
        "values count as generals in every suit.",
        "zh": "普通将：两张将牌都不是老将，点数也不同；跟它们同点数的牌，三门都在将。",
    },
    "nt-shuang-jiang": {
        "en": "Double generals: both turned cards have the same value; that value counts double.",
        "zh": "双将：两张将牌点数相同，这个点数的牌胡数是普通在将的两倍。",
    },
    "nt-shuanglong-hui": {
        "en": "Two dragons meet: both turned cards are old generals; all four old generals count "
        "four times as much as plain generals.",
        "zh": "双龙会：两张将牌都翻在老将上，四老将的胡数是普通在将的四倍。",
    },
    "nt-banbian-jiang": {
        "en": "Half generals: one turned card is an old general; the four old generals count "
        "double.",
        "zh": "半边将：一张将牌翻在老将上，四老将的胡数是普通在将的两倍。",
    },
    "nt-dan-jiang": {
        "en": "One-general rules: the standing generals (the old generals, every 1 and 9) plus the "
        "turned card's group, 1-4-7, 2-5-8 or 3-6-9.",
        "zh": "单将：常将（老将和所有的一、九），加上跟翻出的将牌同一组的点数（一四七、二五八或三六九）。",
    },
    "nt-none": {
        "en": "No general card given: only the old generals count as generals.",
        "zh": "没有给出将牌：只有老将算将。",
    },
    "nt-row-putong": {"en": "ordinary, not a general", "zh": "不在将（普通牌）"},
    "nt-row-zaijiang": {
        "en": "a general, an old general or a turned value",
        "zh": "在将（老将或翻将点数）",
    },
    "nt-row-shuangjiang": {"en": "the double generals' value", "zh": "双将"},
    "nt-row-banbian": {"en": "an old general under half generals", "zh": "半边将的老将"},
    "nt-row-shuanglong": {"en": "an old general under two dragons meet", "zh": "双龙会的老将"},
    "nt-row-jiang": {
        "en": "a standing general or the turned group (one-general rules)",
        "zh": "常将或将牌（单将）",
    },
    "nt-row-laojiang": {
        "en": "an old general when an old general is turned (one-general rules)",
        "zh": "翻出老将时的老将（单将）",
    },
    # -- the strong player's coach (nantong/strong.py) --
    "coach-nt-keep-waits": {
        "en": "{action}: the hand stays ready, and {count} of the cards you have not seen"
        " would complete it (up to {hu} hu).",
        "zh": "{action}：打完仍然听牌，还没见过的牌里有 {count} 张能胡（最多 {hu} 胡）。",
    },
    "coach-nt-tighten": {
        "en": "{action}: this keeps the hand closest to a win (loose cards: {loose}), and"
        " {count} of the cards you have not seen would improve it.",
        "zh": "{action}：这样离胡牌最近（{loose} 张散牌），还没见过的牌里有 {count} 张能让牌型更好。",
    },
    "coach-nt-take": {
        "en": "{action}: take it; three or four alike count hu even when someone else wins.",
        "zh": "{action}：要这张；三张、四张相同的牌就算别人胡了也能算胡数。",
    },
    "coach-nt-baoting": {
        "en": "{action}: the hand is ready; declared now, a win counts double.",
        "zh": "{action}：已经听牌，现在报听，胡了胡数翻倍。",
    },
}
