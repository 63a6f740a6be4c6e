"""Messages of the chuanpai-tricks misconceptions (codes in app/teaching/chuanpai_tricks/misconceptions.py),
and of the facts its engine queries state in a proof (``tj-fact-…``,
app/teaching/chuanpai_tricks/queries.py). Placeholders ending in ``card``/``cards`` are
shown as card names."""

MESSAGES: dict[str, dict[str, str]] = {
    # -- ranks ---------------------------------------------------------------------------
    "mc-tj-rank-by-pips": {
        "en": "Pips do not decide rank in this game: compare {cards} with {table_cards} by the "
        "order of the ranks, not by counting pips.",
        "zh": "打天九不按点数比大小：{cards} 和 {table_cards} 要按大小顺序来比，不是数点子。",
    },
    "mc-tj-misranked": {
        "en": "{cards} ranks below {table_cards}. Go over the order of the ranks once more.",
        "zh": "{cards} 比 {table_cards} 小。再把大小顺序过一遍。",
    },
    "mc-tj-colour-mix": {
        "en": "{cards}: red and black military cards are kept apart. A card of one colour never "
        "beats a card of the other, however high it ranks.",
        "zh": "{cards}：红点子和黑点子分开打，一种颜色的牌再大也压不住另一种颜色的牌。",
    },
    "mc-tj-dianzi-vs-civil": {
        "en": "{cards}: the civil cards and the military cards are two separate suits; neither "
        "ever beats the other.",
        "zh": "{cards}：正门和点子是两路牌，谁也压不住谁。",
    },
    "mc-tj-equal-beats": {
        "en": "{cards} only ties with {table_cards}. An equal rank does not beat: the play made "
        "first stays the best.",
        "zh": "{cards} 和 {table_cards} 一样大。一样大压不住，先出的那手还是最大。",
    },
    # -- shapes ----------------------------------------------------------------------------
    "mc-tj-wrong-shape": {
        "en": "{cards} is not the same shape as {table_cards}: a single is beaten only by a "
        "single, a pair by a pair, a combination by a combination.",
        "zh": "{cards} 和 {table_cards} 牌型不一样：单张只能用单张压，对子用对子，组合用组合。",
    },
    "mc-tj-mixed-pair": {
        "en": "{cards} is not a pair. A pair is two identical cards; two different cards of "
        "the same rank do not make one.",
        "zh": "{cards} 不是对子。对子得是两张一模一样的牌，两张不同的牌就算一样大也不行。",
    },
    "mc-tj-wrong-combo-partner": {
        "en": "{cards} is not a combination: {card} combines only with {partner_cards}.",
        "zh": "{cards} 不成组合：{card} 只能配 {partner_cards}。",
    },
    "mc-tj-combo-by-pips": {
        "en": "Combinations do not rank by the pips they add up to: Heaven-nine beats Earth-eight, "
        "Earth-eight beats Man-seven, and Man-seven beats Harmony-five, always.",
        "zh": "组合不看加起来多少点：永远是天九最大，然后地八、人七，和五最小。",
    },
    "mc-tj-not-a-lead": {
        "en": "{cards} is not a play: lead one card, a pair of identical cards, or a combination.",
        "zh": "{cards} 出不了：只能出一张、一对相同的牌，或者一个组合。",
    },
    # -- playing to a trick ----------------------------------------------------------------
    "mc-tj-covered-when-able": {
        "en": "You can beat the best play, so you must: {cards} beats it. Cover only when "
        "nothing in your hand beats it.",
        "zh": "你压得住桌上目前最大的那手，就必须压：{cards} 就压得住。手里什么都压不住时才能盖牌。",
    },
    "mc-tj-beat-lead-only": {
        "en": "{cards} beats the lead, {lead_cards}, but the best play now is {best_cards}: "
        "that is the one to beat, or else you cover.",
        "zh": "{cards} 压得住首家的 {lead_cards}，可是现在桌上最大的是 {best_cards}：要压就得压过它，"
        "压不住就盖牌。",
    },
    "mc-tj-wrong-count": {
        "en": "Put down as many cards as were led: {expected}, not {count}, whether you beat "
        "or cover.",
        "zh": "首家出几张，你就出几张：要 {expected} 张，不是 {count} 张；压牌、盖牌都一样。",
    },
    "mc-tj-played-hard-card": {
        "en": "{card} is a hard card: it goes straight out among your laid-out cards and is never "
        "played.",
        "zh": "{card} 是硬张：一拿到就摆到门前，从来不拿来出。",
    },
    "mc-tj-deck-84": {
        "en": "The trick game's deck is 84 cards: the 21 faces two dice can throw, four of each. "
        "The pairing game's two wild cards, caishen and tingyong, are left out.",
        "zh": "打天九的牌一共八十四张：两颗骰子掷得出的二十一种牌面，每种四张。挤儿里的两张经牌"
        "财神和听用，这里不放进来。",
    },
    "mc-tj-no-heaven-no-nine": {
        "en": "If anyone's 28 cards hold no Heaven, no red nine and no black nine, the deal is not "
        "played: it is cancelled, nobody wins or loses, and the cards are shuffled and dealt "
        "again.",
        "zh": "谁的二十八张里天牌、红九、黑九一张都没有，这一局就不打：算流局，谁也不输、谁也不赢，"
        "洗牌重发。",
    },
    "mc-tj-first-lead-top": {
        "en": "At this table the first lead of the deal may not hold a Heaven, a red nine or a "
        "black nine: {cards}.",
        "zh": "这一桌的规矩：一局的第一手不许出天牌、红九、黑九：{cards}。",
    },
    "mc-tj-baopai-lead": {
        "en": "{cards} holds a Heaven or a nine: as the deal's first lead it makes you liable, to "
        "pay for both losers if someone else wins.",
        "zh": "{cards} 里有天牌或者九：整局第一手这样出就包牌了，别人赢了要由你一家替两家付。",
    },
    # -- memory ------------------------------------------------------------------------------
    "mc-tj-missed-threat": {
        "en": "Not sure at all: {by_cards} may still be in another hand, and that would beat "
        "{cards}.",
        "zh": "没那么稳：{by_cards} 可能还在别人手里，它就压得住 {cards}。",
    },
    "mc-tj-all-out": {
        "en": "It is sure: every card that could beat {cards} is in your hand or already in sight.",
        "zh": "这手是稳的：压得住 {cards} 的牌，要么在你手里，要么已经亮出来了。",
    },
    "mc-tj-forgot-own-cards": {
        "en": "Count your own hand too: you hold {hand} of {card}, which leaves {left} you have "
        "not seen.",
        "zh": "别忘了自己手里的：你手里就有 {hand} 张 {card}，你没见到的只剩 {left} 张。",
    },
    "mc-tj-forgot-piles": {
        "en": "Count what is in sight too ({laid} laid out, {table} face up on the table): that "
        "leaves {left} of {card} you have not seen.",
        "zh": "亮出来的牌也要算：{card} 门前摆了 {laid} 张，桌上翻着 {table} 张，你没见到的只剩 {left} 张。",
    },
    # -- counting a pile ---------------------------------------------------------------------
    "mc-tj-forgot-hard-cards": {
        "en": "{given} leaves out the hard cards ({cards}): they count among the laid-out cards, "
        "which number {count}.",
        "zh": "{given} 漏了硬张（{cards}）：硬张也算摆出的牌，一共是 {count} 张。",
    },
    "mc-tj-level-thresholds": {
        "en": "{count} cards laid out. The levels: 16 to 20 is a small win (1), 21 or 22 is first "
        "grade (2), 23 or more is second grade (4).",
        "zh": "摆了 {count} 张。分档是：十六到二十张小胡（1），二十一、二十二张一甲（2），"
        "二十三张以上两甲（4）。",
    },
    "mc-tj-forgot-fan": {
        "en": "{given} forgets the fan: these cards hold {fan} fan, each doubling the win, so it "
        "is worth {value}.",
        "zh": "{given} 忘了算翻：这堆牌有 {fan} 翻，每翻一次乘二，应该是 {value}。",
    },
    "mc-tj-fan-added": {
        "en": "A fan doubles the win; it does not add 1 to it: {value}, not {given}.",
        "zh": "翻是乘二，不是加一：应该是 {value}，不是 {given}。",
    },
    "mc-tj-fan-uncapped": {
        "en": "Fan are capped by the cards beyond 16: with {count} laid out you count at most "
        "{cap} fan.",
        "zh": "翻数不能超过十六张以外多出的张数：摆了 {count} 张，最多只算 {cap} 翻。",
    },
    "mc-tj-three-black": {
        "en": "{cards}: three of a black card make no fan. A black card needs all four; three are "
        "enough only for a red card.",
        "zh": "{cards}：三张黑牌不算翻。黑牌要四张齐了才算，三张就够的只有红牌。",
    },
    "mc-tj-no-fan-table": {
        "en": "This table plays without fan: only the number of cards laid out decides, so the win "
        "is worth {value}, not {given}.",
        "zh": "这一桌不算翻，只看摆出的张数，所以是 {value}，不是 {given}。",
    },
    "mc-tj-red-card-list": {
        "en": "{cards}: a red pip does not make a red card. For fan only Heaven, Earth, Man, red "
        "nine, three-four and red five are red.",
        "zh": "{cards}：有红点不等于是红牌。算翻时只有天、地、人、红九、三四、红五是红牌。",
    },
    "mc-tj-tuoshou-needs-five": {
        "en": "Getting clear takes exactly 15 cards laid out and 5 left in hand: here {count} are "
        "laid out and {in_hand} in hand.",
        "zh": "脱手要门前正好十五张、手里正好五张：现在摆了 {count} 张，手里 {in_hand} 张。",
    },
    "mc-tj-missed-tuoshou": {
        "en": "{count} laid out and {in_hand} in hand is just what getting clear takes: on your "
        "lead you may get clear and end the deal there, or play on for sixteen.",
        "zh": "门前 {count} 张、手里 {in_hand} 张，正好够脱手：轮到你带头时可以宣布脱手，这一局"
        "就此结束；也可以接着打，争取摆够十六张。",
    },
    "mc-tj-huangpai": {
        "en": "Nobody laid out sixteen, so the deal is drawn: there is no winner and nobody pays "
        "anybody, whoever laid out the most and whoever dealt.",
        "zh": "谁都没摆够十六张，这一局就是黄牌，算打平：没有赢家，谁也不付谁，摆得最多的不算赢，"
        "庄家也不用付。",
    },
    "mc-tj-forgot-baopai": {
        "en": "The liable player alone pays the winner for both losers (twice {value}), and the "
        "other loser pays nothing.",
        "zh": "包牌的一家替两家输给赢家（{value} 的两倍），另一家不输。",
    },
    # -- facts in the proofs of the trick game's queries ---------------------------------------
    "tj-fact-beats": {
        "en": "{cards} beats {table_cards}: the same shape and suit, and a higher rank.",
        "zh": "{cards} 压得住 {table_cards}：牌型相同、同一路，而且更大。",
    },
    "tj-fact-lower": {
        "en": "{cards} ranks below {table_cards}.",
        "zh": "{cards} 比 {table_cards} 小。",
    },
    "tj-fact-equal": {
        "en": "{cards} ranks the same as {table_cards}; a tie does not beat.",
        "zh": "{cards} 和 {table_cards} 一样大；一样大压不住。",
    },
    "tj-fact-other-colour": {
        "en": "{cards} and {table_cards} are military cards of different colours: red and black "
        "never beat each other.",
        "zh": "{cards} 和 {table_cards} 是不同颜色的点子：红点子和黑点子互不相压。",
    },
    "tj-fact-other-suit": {
        "en": "{cards} and {table_cards} are of different suits (civil and military cards): "
        "neither beats the other.",
        "zh": "{cards} 和 {table_cards} 一个是正门、一个是点子，谁也压不住谁。",
    },
    "tj-fact-other-shape": {
        "en": "{cards} and {table_cards} are not the same shape (single, pair, combination).",
        "zh": "{cards} 和 {table_cards} 牌型不同（单张、对子、组合）。",
    },
    "tj-fact-not-a-play": {
        "en": "{cards} is no single, pair or combination, so it cannot be played at all.",
        "zh": "{cards} 既不是单张、对子，也不是组合，根本出不了。",
    },
    "tj-fact-cards-left": {
        "en": "{card}: {hand} in your hand, {laid} laid out, {table} face up on the table; "
        "{left} of the four you have not seen.",
        "zh": "{card}：你手里 {hand} 张，门前摆出 {laid} 张，桌上翻着 {table} 张；四张里你没见到的还有 {left} 张。",
    },
    "tj-fact-sure": {
        "en": "Nobody can beat {cards}: every card that could is in your hand or in sight.",
        "zh": "谁也压不住 {cards}：压得住它的牌都在你手里，或者已经亮出来了。",
    },
    "tj-fact-can-be-beaten": {
        "en": "{cards} can be beaten: {by_cards} may still be in another hand.",
        "zh": "{cards} 可能被压住：{by_cards} 也许还在别人手里。",
    },
    "tj-fact-baopai": {
        "en": "Leading {cards} first makes you liable: it holds a Heaven or a nine.",
        "zh": "第一手出 {cards} 要包牌：里面有天牌或九。",
    },
    "tj-fact-no-baopai": {
        "en": "Leading {cards} first is safe: no Heaven and no nine in it.",
        "zh": "第一手出 {cards} 不包牌：里面没有天牌，也没有九。",
    },
    # -- hint step 1 of the trick game's own queries (practice positions have no hint) ---------
    "hint-beaters": {
        "en": "Find the best play on the table, then look in your hand for the same shape and "
        "suit, one rank higher or more.",
        "zh": "先认出桌上目前最大的那手，再在手里找牌型相同、同一路、而且更大的。",
    },
    "hint-beats-best": {
        "en": "Compare with the best play so far, not the lead: same shape, same suit, and "
        "strictly higher.",
        "zh": "跟桌上目前最大的那手比，不是跟首家比：牌型相同、同一路、而且要更大才算。",
    },
    "hint-no-baopai": {
        "en": "In the deal's first lead, Heaven, red nine and black nine are the cards to keep "
        "back.",
        "zh": "整局第一手，天牌、红九、黑九要先留着。",
    },
    "hint-sure": {
        "en": "List the plays that would beat this lead, then count whether enough of their "
        "cards are still out of sight to make one.",
        "zh": "先想想哪些牌能压住这一手，再数一数这些牌外面还剩几张，够不够凑出来。",
    },
    "hint-rank-order": {
        "en": "Rank by the table of the suit, never by the pips.",
        "zh": "按这一路牌的大小顺序排，别数点子。",
    },
    "tj-fact-score": {
        "en": "Your result for the deal: {score}.",
        "zh": "你这一局的输赢：{score}。",
    },
}
