"""川牌 · The Sichuan long-card games: the pairing game 挤儿 (:mod:`.pairing`) and the
trick game 天九 (:mod:`.tricks`), on the 21 dice-face cards of :mod:`.cards`."""
