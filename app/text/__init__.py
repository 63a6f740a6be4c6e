"""Words, below learning: the card catalog (:mod:`.cards`: names, colours, decks) and
engine results in words (:mod:`.results`: card names in running text, count lines,
group and action labels). With :mod:`app.text.messages` and the term table
(:mod:`app.text.terms`) this is the layer every page's text is made from."""
