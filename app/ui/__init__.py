"""The shared UI layer: card pictures (SVG) and the table model the
macros in ``templates/components/`` draw. Every blueprint may use it; it has no routes
and imports no blueprint."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    from app.learning.glossary import taught_in
    from app.text import languages, results
    from app.text.localized import in_chinese
    from app.ui import charts, hanzi, markup, pictures, text

    app.jinja_env.globals.update(
        card_face=pictures.face,
        card_back=pictures.back,
        card_img=pictures.img,
        card_hand_groups=pictures.hand_groups,
        card_meld_pics=pictures.meld_pics,
        kind_label=results.kind_label,
        unit_word=results.unit_word,
        card_name=results.card_name,
        prose=markup.render_prose,
        prose_inline=markup.render_inline,
        mark_lang=markup.mark_lang,
        glossary_text=markup.glossary_text,
        action_name=results.action_label,
        term_hanzi=markup.term_hanzi,
        term_chars=in_chinese,
        step_url=markup.step_url,
        term_taught_in=taught_in,
        misconception_text=text.misconception_text,
        prompt_of=text.prompt_of,
        answer_words=text.answer_words,
        stored_answer=text.stored_answer,
        lesson_for=text.lesson_for,
        skill_name=text.skill_name,
        accuracy_chart=charts.accuracy_chart,
        is_chinese=languages.chinese,
        chinese_of=hanzi.chinese_of,
        lang_tag=lambda code: languages.get(code).html,
    )
