"""The extraction rules, each a named unit, listed here in order of precedence.

- ``SPAN_RULES`` (spans.py): where candidate phrases come from.
- ``DROP_RULES`` (drops.py): phrases that are no concept; they run before and after typing.
- ``TYPE_RULES`` (heads.py, context.py): the first rule that gives a phrase a type decides it,
  and its name is the concept's ``source`` in the output.
- ``REPAIR_RULES``: for a phrase no typing rule types, a shorter phrase to try instead.

To find why a phrase got its type, look up its ``source`` here. To add a rule, write the
function (one-line docstring, an ``Example:`` line, ``@rule(score=...)``) and list it in the
tuple where its precedence belongs; ``tests/test_rules.py`` tests its example.
"""

from . import context, drops, heads, spans
from .base import hyphen_compound, rule, tokens
from .spans import hardware_acronym_inside_phrase


@rule(score=0)
def without_trailing_verb(piece):
    """An untyped phrase ending in a verb the parser took for a noun is tried without that verb.

    The shorter phrase counts only if it is a field term, and not when it is one hyphenated
    word opening with a word of degree (``high-performance plasma`` says what kind of plasma). A
    possessive left at its end goes too (``deep learning's success`` -> ``deep learning``).

    Example: "Speculative decoding leverages idle compute." -> method "speculative decoding"
    """
    words = tokens(piece.doc)
    last = piece.end - 1
    if (last - piece.start < 2 or " " not in piece.text or words[last].is_space
            or hyphen_compound(piece.doc, last)[0] != last):
        return None  # a hyphenated last word is no verb: "high-performance GPU-driven"
    text, end = piece.text.rsplit(None, 1)[0], last
    if words[end - 1].tag_ == "POS":
        text, end = text[:-len(words[end - 1].text)], end - 1
    start, stop = hyphen_compound(piece.doc, piece.start)
    first = words[start].lower_
    if (start, stop) == (piece.start, end) and stop - start > 1 \
            and (first in piece.vocab.degree or first in piece.vocab.problem_modifiers):
        return None
    return piece.with_text(text, end=end), ("field_term",)


SPAN_RULES = (
    spans.acronym_long_form,
    spans.noun_chunks_joined_at_hyphens,
    spans.modifiers_sharing_a_head,
    spans.long_form_with_head,
    spans.noun_runs_outside_chunks,
    spans.gerund_clause,
    spans.task_noun_with_its_object,
    spans.field_terms_outside_phrases,
    spans.modifier_left_out_of_a_phrase,
    spans.resource_sharing_a_measure,
    spans.names_listed_after_a_kind,
    spans.token_pattern_matches,
)

DROP_RULES = (
    drops.generic_word,
    drops.bare_number_format,
    drops.unit_of_a_value,
    drops.notation_or_list_marker,
    drops.data_modality,
    drops.web_address,
    drops.organisation_alone,
    drops.shortfall_of_availability,
    drops.attention_as_interest,
    drops.point_in_time,
    drops.cut_from_a_hyphenated_phrase,
    drops.part_of_a_hyphenated_name,
    drops.pronoun_one_as_head,
    drops.modifier_alone,
    drops.resource_of_a_shared_measure,
    drops.node_of_a_structure,
    drops.hardware_word_in_another_sense,
    drops.hardware_cut_from_a_term,
    drops.person_name,
    drops.unnamed_dataset_or_metric,
    drops.generic_tail_without_content,
    drops.degree_of_generic_head,
)

TYPE_RULES = (
    heads.token_pattern,
    heads.kind_named_before_a_list,
    heads.defined_long_form,
    context.task_used_as_a_means,
    heads.task_as_gerund_clause,
    heads.hardware_container,
    heads.field_term,
    heads.measure_at_cutoff,
    heads.generic_term_in_problem_context,
    heads.role_noun_in_distributed_context,
    heads.cost_of_a_process,
    heads.technique_before_process_head,
    heads.problem_modifier_on_method_head,
    heads.head_noun,
    heads.shortfall_of_a_thing,
    heads.hard_setting,
    heads.benchmark_name,
    heads.hardware_product_name,
    heads.version_of_a_dataset,
    context.name_after_a_percentage,
    context.appositive_of_typed_noun,
    context.name_given_to_a_typed_noun,
    context.example_of_typed_host,
    context.task_listed_as_an_example,
    context.named_data_of_evaluation,
    context.name_listed_with_datasets_or_metrics,
    context.name_listed_before_a_dataset_head,
    context.quantity_measured,
    context.named_object_of_intro_verb,
    heads.named_score,
    heads.name_is_method,
    context.object_of_problem_verb,
    context.source_of_suffering,
    context.subject_of_harm,
    context.what_a_model_withstands,
    context.agent_of_limiting,
    context.task_of_method_host,
    context.object_of_challenge_noun,
)

REPAIR_RULES = (without_trailing_verb,)

# Rules that make typed candidates themselves (not through TYPE_RULES).
CANDIDATE_RULES = (hardware_acronym_inside_phrase,)

ALL_RULES = SPAN_RULES + DROP_RULES + TYPE_RULES + REPAIR_RULES + CANDIDATE_RULES

# {rule name: score}: how sure a concept typed by that rule is.
SCORES = {r.__name__: r.score for r in TYPE_RULES + CANDIDATE_RULES}


def score(source):
    """The score of a candidate typed by the rule named ``source``."""
    return SCORES[source]
