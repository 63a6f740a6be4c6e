"""Messages of the guilin misconceptions (codes in app/teaching/guilin/misconceptions.py)."""

MESSAGES: dict[str, dict[str, str]] = {
    # -- counting 胡 -------------------------------------------------------------------
    "mc-gl-big-as-small": {
        "en": "{given} counts the big-card group {cards} at the small-card value. "
        "Big cards are worth more: peng 3, kan and sao 6, kaiduo 9, saochuan 12, 壹贰叁 and 贰柒拾 6.",
        "zh": "{given} 是把大字的 {cards} 按小字算了。大字计胡更多：碰三胡，坎和扫六胡，"
        "开舵九胡，扫穿十二胡，壹贰叁、贰柒拾六胡。",
    },
    "mc-gl-kaiduo-as-saochuan": {
        "en": "{given} counts the kaiduo {cards} as a saochuan. The fourth card came from another "
        "player, so it is a kaiduo: 6 in small cards, 9 in big, not 9 / 12.",
        "zh": "{given} 是把开舵 {cards} 当扫穿算了。四张里有从别人那里来的牌，所以是开舵："
        "小字六胡、大字九胡，不是九胡、十二胡。",
    },
    "mc-gl-saochuan-as-kaiduo": {
        "en": "{given} counts {cards} as a kaiduo. Four alike you hold or drew yourself are a "
        "saochuan: 9 in small cards, 12 in big.",
        "zh": "{given} 是把 {cards} 当开舵算了。四张一样都是自己手里的或自己摸的，"
        "就是扫穿：小字九胡，大字十二胡。",
    },
    "mc-gl-peng-as-kan": {
        "en": "{given} counts the peng {cards} like a kan or sao. A peng took its third card from "
        "another player, so it is worth less: 1 in small cards, 3 in big.",
        "zh": "{given} 是把碰 {cards} 按坎或扫算了。碰的第三张是别人的，计胡少："
        "小字一胡，大字三胡。",
    },
    "mc-gl-kan-as-peng": {
        "en": "{given} counts {cards} like a peng. Three alike that are all your own (a kan in "
        "the hand, a sao, a guosao) are worth 3 in small cards and 6 in big.",
        "zh": "{given} 是把 {cards} 按碰算了。三张都是自己的（手里的坎、扫、过扫），"
        "小字三胡，大字六胡。",
    },
    "mc-gl-special-run-missed": {
        "en": "{given} leaves out the run {cards}. 一二三 and 二七十 score 3, 壹贰叁 and "
        "贰柒拾 score 6, held or taken by chi.",
        "zh": "{given} 漏算了 {cards} 这一组特殊顺子。一二三、二七十算三胡，壹贰叁、贰柒拾算六胡，"
        "手里的、吃来的都算。",
    },
    # -- 舵 ------------------------------------------------------------------------------
    "mc-gl-hu-not-duo": {
        "en": "{given} counts the hand's {hu} hu as if they were duo. A win is paid in duo: "
        "turn the hu into duo first (10–14 is 1 duo, then one more for every 5 hu).",
        "zh": "{given} 是把 {hu} 胡直接当成舵了。结算按舵：先把胡折成舵"
        "（十到十四胡一舵，以后每五胡加一舵）。",
    },
    "mc-gl-duo-every-five": {
        "en": "{given} divides {hu} hu by 5 from zero. The count starts at the minimum: "
        "10–14 hu is 1 duo, 15–19 is 2, 20–24 is 3.",
        "zh": "{given} 是把 {hu} 胡从零开始每五胡算一舵。其实要从起胡数算起："
        "十到十四胡一舵，十五到十九胡两舵，二十到二十四胡三舵。",
    },
    "mc-gl-duo-no-base": {
        "en": "{given} forgets the first duo: reaching 10 hu is already 1 duo, and {hu} hu adds "
        "one more for every full 5 above 10.",
        "zh": "{given} 少了打底的那一舵：够十胡就是一舵，{hu} 胡再按超过十胡的部分每五胡加一舵。",
    },
    "mc-gl-forgot-zimo": {
        "en": "{given} leaves out zimo: a win on a card you turned up yourself adds 1 duo.",
        "zh": "{given} 漏了自摸：胡自己摸出来的牌，加一舵。",
    },
    "mc-gl-forgot-xing": {
        "en": "The xing is missing: the turned card {card} wakes {count} of the winner's cards, "
        "1 duo each.",
        "zh": "漏了醒：翻出的是 {card}，赢家有 {count} 张醒牌，每张加一舵。",
    },
    "mc-gl-xing-same-value": {
        "en": "That counts matching xing, the winner's cards equal to {card}. These tables play upper xing "
        "and lower xing: the cards one above and one below it, of the same size.",
        "zh": "这是按跟醒数的，数了和 {card} 一样的牌。这桌打上醒、下醒："
        "数同是大字或同是小字、比它大一和小一的牌。",
    },
    "mc-gl-xing-other-size": {
        "en": "Only cards of the same size as {card} can be xing: a small card wakes small "
        "cards, a big card big ones.",
        "zh": "只有和 {card} 同是小字或同是大字的牌才算醒：小字醒小字，大字醒大字。",
    },
    "mc-gl-forgot-special": {
        "en": "{given} leaves out the special win: tianhu, dihu, sanlong and wukan each add 1 duo.",
        "zh": "{given} 漏了特殊胡：天胡、地胡、三笼、五坎，每种加一舵。",
    },
    # -- going out ----------------------------------------------------------------------
    "mc-gl-below-minimum": {
        "en": "Complete is not enough: with it the hand counts only {huxi} hu, and a win "
        "needs at least {min}.",
        "zh": "牌凑齐了还不够：这样只有 {huxi} 胡，胡牌至少要 {min} 胡。",
    },
    "mc-gl-no-win-on-discard": {
        "en": "In Guilin you may win on a discard too, not only on a card turned from the "
        "stock. That is a Hunan habit.",
        "zh": "桂林别人打出来的牌也能胡，不是只能胡摸出来的牌；那是湖南的规矩。",
    },
    "mc-gl-liang-others-win": {
        "en": "The dangdi {card} belongs to the dealer's hand: only the dealer can win with "
        "it (tianhu).",
        "zh": "挡底 {card} 是庄家自己手里的牌，不是打出来的，别家不能拿它胡。",
    },
    # -- actions, forced, memory, priority -------------------------------------------------
    "mc-gl-shangjia-chi": {
        "en": "Only the next player (Right) may chi {card}. From a discard the player before "
        "(Left) can only peng; from the stock, the drawer may chi first, then the drawer's Right.",
        "zh": "{card} 只有下家能吃。别人打出的牌，上家只能碰不能吃；墩上摸出的牌，"
        "摸牌的人先吃，然后才是下家。",
    },
    "mc-gl-missed-bi": {
        "en": "Xiabi: every other {card} in the hand must come out with the chi, each in a run "
        "or dazi of its own; without them the chi does not stand.",
        "zh": "下比：手里其余的 {card} 都要跟着一起下，各配成顺子或搭子；不比，这次吃就不成立。",
    },
    "mc-gl-broke-kan": {
        "en": "{cards} is part of a kan, three alike from the deal: it cannot be split up or "
        "discarded; it waits for its fourth card.",
        "zh": "{cards} 是坎里的牌，起手的三张一样不能拆、不能打，只能等第四张。",
    },
    "mc-gl-forced-is-choice": {
        "en": "This is not a choice: sao, guosao, saochuan and kaiduo must be made as soon as the card "
        "({card}) comes.",
        "zh": "这一步没得选：扫、过扫、扫穿、开舵，牌（{card}）一来就必须做。",
    },
    "mc-gl-opened-by-others": {
        "en": "This {card} does not open the group. A peng opens only when its owner draws "
        "the fourth card, and a sao only on a card turned from the stock, never "
        "on a discard.",
        "zh": "这张 {card} 不能让这组开舵。碰要自己摸到第四张才开舵；"
        "扫要墩上摸出第四张才开舵，打出来的不算。",
    },
    "mc-gl-chongduo-discards": {
        "en": "Chongduo: this is the seat's second four in play (saochuan or kaiduo), so it takes the "
        "card and does not discard.",
        "zh": "重舵：这是打牌中第二次开舵或扫穿，进了牌不用打牌。",
    },
    "mc-gl-ate-guozhang": {
        "en": "{card} is a guozhang for this seat: it could have taken it with a chi before and let "
        "it go, so it may not chi it now.",
        "zh": "{card} 对这家是过张：上次能吃没吃，这次就不能再吃了。",
    },
    "mc-gl-guozhang-blocks-peng": {
        "en": "In Guilin a guozhang only stops you taking {card} with a chi. A peng of it is still allowed "
        "(Hunan's choupai stops both).",
        "zh": "桂林的过张只是不能吃 {card}，碰还是可以的（湖南的臭牌才是吃碰都不行）。",
    },
    "mc-gl-ate-own-discard": {
        "en": "This seat discarded {card} earlier: nobody may chi a card they threw away, "
        "whoever turns it up later. They may still win on it.",
        "zh": "这家以前打出过 {card}：自己打出过的牌，自己就不能再吃，不管后来是谁打出、谁摸出来的；但可以胡。",
    },
    "mc-gl-peng-before-hu": {
        "en": "A win comes before a peng or kaiduo: the order is saochuan/sao, then hu, then kaiduo/peng, "
        "then chi.",
        "zh": "胡排在碰和开舵前面：先扫穿、扫，再胡，再开舵、碰，最后吃。",
    },
    "mc-gl-chi-before-peng": {
        "en": "A peng comes before a chi, whoever sits closer: chi is always served last.",
        "zh": "碰在吃前面，跟谁坐得近无关：吃永远排最后。",
    },
    "mc-gl-seat-order": {
        "en": "Between equal claims the turn order decides: first the player who turned the card "
        "up, then the others in turn; a discard goes first to the "
        "discarder's next player (Right).",
        "zh": "同一级的要求按座次来：摸牌的人先，然后按出牌顺序往下；打出来的牌先问打牌人的下家。",
    },
    "mc-gl-unseen-own-hand": {
        "en": "You counted the {count} {card} in your own hand as unseen. You see your own "
        "hand: only the copies you cannot see are left for the others.",
        "zh": "你把自己手里的 {count} 张 {card} 也算成了看不见的。自己的牌自己看得到，"
        "只有看不到的才可能在别人手里或墩里。",
    },
    # -- practice: naming the forced groups, opening, chongduo, the minimum, waits -----
    "mc-gl-sao-as-peng": {
        "en": "A pair plus the third copy you turn up yourself is a sao (three face down, "
        "compulsory), not a peng: a peng takes the third card from another player.",
        "zh": "手里一对，第三张是自己摸出来的，这是扫（三张扣下，必须做），不是碰；"
        "碰的第三张要从别人那里来。",
    },
    "mc-gl-guosao-as-sao": {
        "en": "You once let a peng of this card go by, so your own third copy makes a guosao "
        "(two face down, one face up), not a plain sao.",
        "zh": "你放过一次碰这张牌的机会，所以自己摸到第三张是过扫（两张扣着一张翻开），"
        "不是普通的扫。",
    },
    "mc-gl-four-origin": {
        "en": "Where the fourth card comes from names the group: your own draw onto your own "
        "three makes a saochuan; a card from another player, or a peng opened, makes a "
        "kaiduo.",
        "zh": "第四张的来路决定叫什么：自己摸到，补进自己的三张，是扫穿；"
        "从别人那里来的，或者碰过的牌补成四张，是开舵。",
    },
    "mc-gl-missed-kaiduo": {
        "en": "This card does open the group: a sao opens on a fourth card anyone turns up "
        "from the stock, and a peng on a fourth card its owner turns up. The "
        "kaiduo is compulsory.",
        "zh": "这张牌是要开舵的：扫遇到墩上摸出的第四张，不管谁摸的都开；"
        "碰遇到自己摸出的第四张也开。开舵是强制的。",
    },
    "mc-gl-chongduo-first-four": {
        "en": "This is the seat's first set of four, so a discard follows as after any "
        "intake. Only a second saochuan or kaiduo in play is chongduo, with no discard.",
        "zh": "这是这家的第一组四张，进牌以后照常打牌。打牌中第二次扫穿或开舵才是重舵，"
        "那时才不打。",
    },
    "mc-gl-win-missed": {
        "en": "Count again: with this card the seven groups reach at least 10 hu "
        "(peng, kan, sao, the fours and the special runs), so it is a win.",
        "zh": "再算一遍：有了这张牌，七组的胡数（碰、坎、扫、四张的组和特殊顺子）"
        "够十胡了，可以胡。",
    },
    "mc-gl-no-discard-left": {
        "en": "After this chi or peng you would hold nothing you may throw (only kan cards "
        "or no cards), and every intake must be followed by a discard: not allowed.",
        "zh": "这样吃或碰以后，手里就没有能打的牌了（只剩坎，或者一张不剩），"
        "可进牌以后必须打一张，所以不行。",
    },
    "mc-gl-fewer-waits": {
        "en": "Throwing {card} leaves fewer different cards to win on ({count}) than another "
        "discard leaves ({most}). Keep the cards that work with the rest of your hand.",
        "zh": "打 {card}，剩下能胡的牌有 {count} 种；换一张打，能有 {most} 种。"
        "留下跟其余的牌搭得上的牌。",
    },
    "mc-gl-xing-miscount": {
        "en": "Count the xing again: {card} wakes every card of the winner of the same size "
        "and one value above or below it (10 and 1 adjoin), every copy, in the hand and "
        "in the groups on the table.",
        "zh": "再数一遍醒：{card} 醒的是赢家所有跟它同是大字或同是小字、比它大一或小一的牌"
        "（十和一相连），手里的、桌上组里的，每一张都算。",
    },
    "mc-gl-unseen-miscount": {
        "en": "Count again: four copies of {card}, less the ones you can see: in your hand, "
        "in the groups laid face up, in every pile, and a copy on offer now.",
        "zh": "再数一遍：{card} 一共四张，减去你看得见的：自己手里的、桌上亮着的组里的、"
        "各家面前堆着的，还有正摆在桌上等人要的。",
    },
    # -- authored choices: the deck, the seats, the deal, a turn, payment, the names ----
    "mc-gl-deck-size": {
        "en": "A dazipai deck is not {given} cards: twenty different cards, 一 to 十 small and "
        "壹 to 拾 big, four copies of each, make 80.",
        "zh": "大字牌不是 {given} 张：小字一到十、大字壹到拾，一共二十种，每种四张，合起来八十张。",
    },
    "mc-gl-shangjia-after": {
        "en": "The player whose turn comes after yours is your Right. Your Left is the one "
        "just before you: play passes from that player to you.",
        "zh": "在你后面出牌的是你的下家。上家是在你前面出牌的那一家：轮完他，才轮到你。",
    },
    "mc-gl-shangjia-dealer": {
        "en": "Your Left has nothing to do with dealing: it is simply the player whose turn comes "
        "just before yours. The dealer may be your Left, your Right, or you.",
        "zh": "上家跟谁坐庄无关，就是在你前面出牌的那一家。庄家可能是你的上家、你的下家，"
        "也可能就是你自己。",
    },
    "mc-gl-stock-count": {
        "en": "Not {given}: the dealer takes 21 cards and the other two 20 each, 61 in all, so "
        "80 − 61 = 19 stay face down in the stock.",
        "zh": "不是 {given} 张：庄家抓二十一张，两个闲家各二十张，一共六十一张；"
        "八十减六十一，墩上扣着十九张。",
    },
    "mc-gl-dangdi-not-stock": {
        "en": "The dangdi is not a stock card: it is the dealer's twenty-first card, turned face "
        "up once the deal is done, and it stays in the dealer's hand. Nobody else may take it.",
        "zh": "挡底不是墩上的牌：它是庄家抓的第二十一张，抓完翻开给大家看，仍然算庄家手里的牌，"
        "别人不能要。",
    },
    "mc-gl-dangdi-not-discard": {
        "en": "The dangdi is only shown, never thrown: it is the dealer's twenty-first card, "
        "turned face up, and it stays in the dealer's hand. The dealer's first discard comes after that.",
        "zh": "挡底只是亮出来，不是打出来的：它是庄家抓的第二十一张，翻开以后还留在庄家手里。"
        "庄家第一次打牌是在这之后。",
    },
    "mc-gl-drawn-into-hand": {
        "en": "A drawn card never goes into your hand: you hold only the cards you were dealt. "
        "One that nobody takes is laid face up at the drawer's right, and the next player draws.",
        "zh": "摸来的牌永远不进手，手里只有起手抓的牌。没人要的牌亮着放在摸牌人的右手边，"
        "接着下家摸。",
    },
    "mc-gl-drawn-back-to-stock": {
        "en": "A card turned up never goes back into the stock. If nobody takes it, it stays "
        "face up at the right of the player who drew it, and the next player draws.",
        "zh": "摸出来的牌不会再放回墩里。没人要，就亮着放在摸牌人的右手边，接着下家摸。",
    },
    "mc-gl-shangjia-eats-discard": {
        "en": "Seat {shangjia} plays just before seat {seat}, who threw the card: as its "
        "Left it may peng the discard but never chi it. Only seat {xiajia}, its Right, "
        "may chi.",
        "zh": "{shangjia}号位在打牌的{seat}号位前面，是他的上家：上家只能碰，不能吃。"
        "只有下家{xiajia}号位能吃。",
    },
    "mc-gl-fit-not-enough": {
        "en": "Cards that fit are not enough: a chi goes one way round the table, and only "
        "the discarder's Right, here seat {xiajia}, may chi a discard. "
        "Anyone else may at most peng it.",
        "zh": "手里有能配的牌还不够：吃是有方向的，打出来的牌只有打牌人的下家能吃，"
        "这里就是{xiajia}号位。别人最多只能碰。",
    },
    "mc-gl-guosao-sao-layout": {
        "en": "All three face down is how a plain sao lies. A guosao keeps two face down and "
        "turns one face up.",
        "zh": "三张全扣着是普通扫的摆法。过扫是两张扣着、一张翻开。",
    },
    "mc-gl-guosao-peng-layout": {
        "en": "All three face up is how a peng lies. A guosao comes from your own draw, so two "
        "of its cards stay face down; only one is turned up.",
        "zh": "三张全亮开是碰的摆法。过扫是自己摸出来的，两张要扣着，只翻开一张。",
    },
    "mc-gl-guozhang-chi-only": {
        "en": "A guozhang stops only the chi: you may still peng that card, and win on it. "
        "Blocking the peng too is Hunan's choupai, not the Guilin rule.",
        "zh": "过张只是不能吃：这张牌照样可以碰，也可以胡。连碰也不行的是湖南的臭牌，"
        "不是桂林的规矩。",
    },
    "mc-gl-minimum-ten": {
        "en": "Guilin's minimum is fixed at 10 hu: a complete hand needs at least 10 to go out, "
        "so counting to 10 before a win is right here too. Many Hunan tables ask for 15; "
        "Guilin does not.",
        "zh": "桂林起胡固定十胡：牌配齐了还要够十胡才能胡，所以胡牌前数够十胡在这里照样要做。"
        "湖南很多桌要十五胡，桂林不用。",
    },
    "mc-gl-kan-locked-too": {
        "en": "That habit stays: in Guilin too a kan, three alike from the deal, is locked. It "
        "may not be split up or discarded; it waits for its fourth card.",
        "zh": "这个习惯要留着：桂林也一样，起手的三张一样是坎，锁死了，不能拆、不能打，"
        "只能等第四张。",
    },
    "mc-gl-chongduo-peng": {
        "en": "A peng is three cards, not a set of four, so a discard follows it as usual. "
        "Chongduo is only a second saochuan or kaiduo during play.",
        "zh": "碰只有三张，不是四张一组，碰完照常要打牌。只有打牌中第二次扫穿或开舵才是重舵。",
    },
    "mc-gl-pay-shared": {
        "en": "The losers do not share the {total} duo: each of the other two pays the whole "
        "{total}, so the winner collects {collected}.",
        "zh": "两家不是合付 {total} 舵：另外两家每家都付足 {total} 舵，赢家一共收 {collected} 舵。",
    },
    "mc-gl-pay-discarder-only": {
        "en": "Under these rules the player who gave the winning card does not pay alone: "
        "whether the win came on a discard or a draw, each of the other two pays the full "
        "{total} duo, so the winner collects {collected}.",
        "zh": "这门课的算法，放炮的一家不单独付：不管胡的是别人打的牌还是自己摸的牌，另外两家都各付 "
        "{total} 舵，赢家一共收 {collected} 舵。",
    },
    "mc-gl-ti-as-kaiduo": {
        "en": "Kaiduo is Hunan's pao: its fourth card comes from another player, or it is a "
        "peng opened. A ti is four alike all your own, which Guilin calls saochuan.",
        "zh": "开舵是湖南的跑：第四张是从别人那里来的，或者是碰过的牌补成四张。"
        "提是四张全是自己的，桂林叫扫穿。",
    },
    "mc-gl-ti-as-sao": {
        "en": "Sao is Hunan's wei, and it has three cards: a pair plus the third you draw "
        "yourself. A ti is four alike all your own, which Guilin calls saochuan.",
        "zh": "扫是湖南的偎，只有三张：手里一对，加上自己摸的第三张。提是四张全是自己的，"
        "桂林叫扫穿。",
    },
    # -- facts of the guilin queries ----------------------------------------------------
    "fact-gl-discard-waits": {
        "en": "Throw {card}: you win on your own draw of {cards} ({count}).",
        "zh": "打 {card}：自己摸到 {cards} 就能胡（{count} 种）。",
    },
    "fact-gl-discard-no-waits": {
        "en": "Throw {card}: no card you could still draw makes a win.",
        "zh": "打 {card}：再摸哪张都胡不了。",
    },
    "fact-gl-xing": {
        "en": "The turned card {card} wakes {count} of the winner's cards.",
        "zh": "翻出的是 {card}，赢家有 {count} 张醒牌。",
    },
}
