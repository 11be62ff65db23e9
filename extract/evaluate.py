"""Score extracted concepts against hand annotations, with the rules of the annotation guidelines.

Gold rows: ``{"text", "concepts": [{"type", "label", "aliases", "alt_types"?, "optional"?}]}``.
Predicted rows: ``{"abstract" | "text" | "title", "concepts": [{"type", "label", "text"?,
"mentions"?}]}``, paired with the gold row whose text they start with.

A prediction matches a gold concept when the types agree (or the predicted type is one of the
gold's ``alt_types``) and its label or a mention's text, normalised, equals one of the gold's
aliases or shares at least 2/3 of its content words with one. Pairs are made one-to-one per
paper, best similarity first. A prediction matching only optional gold concepts is neither
right nor wrong; a second prediction of an already matched concept is a duplicate and counts as
a false positive.

The micro average covers the three types the annotations grade (``GRADED_TYPES``); predicted
datasets and metrics count where the gold lists them (as a type or an ``alt_type``) and are
reported on lines of their own, as ``../shared/tools/score_extraction.py`` counts them. This
module scores exactly as that tool does (a test compares the two); its word normalisation
(``_token``) is the tool's, deliberately simpler than ``normalise.singular``, which makes the
extractor's own labels.
"""

import re
import unicodedata
from collections import defaultdict

from .records import CONCEPT_TYPES

GRADED_TYPES = ("method", "problem", "hardware")  # the micro average's types
TYPES = CONCEPT_TYPES  # every type reported
STOP = {"the", "a", "an", "of", "for", "in", "and", "with", "to", "on", "by", "these", "this",
        "their", "its", "our", "such", "as", "or"}
MIN_JACCARD = 2 / 3 - 1e-9
KEY_CHARS = 80
PREFIX_CHARS = 60


def _token(word):
    """The scorer's singular of a word (the shared tool's rule, kept identical on purpose)."""
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 2 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def norm(text):
    """Compared form: NFKC, lower case, no punctuation, singular words, no leading stop words."""
    text = unicodedata.normalize("NFKC", text or "").lower().replace("\u2019", "'")
    text = re.sub(r"\$\\operatorname\{(\w+)\}\$", r"\1", text)
    text = re.sub(r"'s\b|s'(?=\s|$)", "s", text)
    text = re.sub(r"[-_/]", " ", text)
    text = re.sub(r"[^\w\s]", " ", text)
    words = [_token(w) for w in text.split()]
    while words and words[0] in STOP:
        words.pop(0)
    return " ".join(words)


def text_key(text):
    """The key a paper is paired by: its first 80 characters, ellipsis dropped, lower case."""
    return re.sub(r"\s+", " ", (text or "").replace("\u2026", "")).strip()[:KEY_CHARS].lower()


def similarity(pred_forms, gold_forms):
    """1.0 on an exact match, else the best token Jaccard if at least 2/3, else 0."""
    best = 0.0
    for gold in gold_forms:
        for pred in pred_forms:
            if pred == gold:
                return 1.0
            p, g = set(pred.split()) - STOP, set(gold.split()) - STOP
            if p and g:
                best = max(best, len(p & g) / len(p | g))
    return best if best >= MIN_JACCARD else 0.0


def type_ok(pred_type, gold):
    return pred_type == gold["type"] or pred_type in gold.get("alt_types", ())


def pred_forms(pred):
    forms = {norm(pred.get("label")), norm(pred.get("text"))}
    forms |= {norm(m.get("text")) for m in pred.get("mentions") or () if isinstance(m, dict)}
    return forms - {""}


def score_paper(gold_concepts, preds):
    """Per-type counts {type: {tp, fp, fn, dup}} and the errors {fn, fp, dup} of one paper."""
    counts = defaultdict(lambda: {"tp": 0, "fp": 0, "fn": 0, "dup": 0})
    errors = {"fn": [], "fp": [], "dup": []}
    gold_forms = [{norm(a) for a in g["aliases"]} | {norm(g["label"])} for g in gold_concepts]
    forms = [pred_forms(p) for p in preds]
    similar = {(i, j): similarity(forms[i], gold_forms[j])
               for i, p in enumerate(preds) for j, g in enumerate(gold_concepts)
               if type_ok(p.get("type"), g)}
    pairs = sorted((-s, gold_concepts[j].get("optional", False), i, j)
                   for (i, j), s in similar.items() if s)
    pred_to, gold_to = {}, {}
    for _, _, i, j in pairs:
        if i not in pred_to and j not in gold_to:
            pred_to[i], gold_to[j] = j, i
    for i, pred in enumerate(preds):
        if i in pred_to:
            gold = gold_concepts[pred_to[i]]
            if not gold.get("optional"):
                counts[gold["type"]]["tp"] += 1
            continue
        hits = [j for j in range(len(gold_concepts)) if similar.get((i, j))]
        if hits and all(gold_concepts[j].get("optional") for j in hits):
            continue
        kind = pred.get("type")
        counts[kind]["fp"] += 1
        if hits:
            counts[kind]["dup"] += 1
            errors["dup"].append(pred)
        else:
            errors["fp"].append(pred)
    for j, gold in enumerate(gold_concepts):
        if j not in gold_to and not gold.get("optional"):
            counts[gold["type"]]["fn"] += 1
            errors["fn"].append(gold)
    return counts, errors


def prf(counts):
    """(precision, recall, F1), rounded to 3 places."""
    tp, fp, fn = counts["tp"], counts["fp"], counts["fn"]
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return round(p, 3), round(r, 3), round(f, 3)


def _pred_by_key(pred_rows):
    by_key, repeated = {}, 0
    for row in pred_rows:
        key = text_key(row.get("abstract") or row.get("text") or row.get("title") or "")
        if key in by_key:
            repeated += 1
        elif key:
            by_key[key] = list(row.get("concepts", []))
    return by_key, repeated


def _find(by_key, key):
    if key in by_key:
        return by_key[key]
    return next((v for k, v in by_key.items()
                 if k.startswith(key[:PREFIX_CHARS]) or key.startswith(k[:PREFIX_CHARS])), None)


def evaluate(gold_rows, pred_rows):
    """Scores of predictions against gold: {"papers", "papers_missing", "repeated_records",
    "typed": {type: {p, r, f1, tp, fp, fn, dup}}, "micro": {...}, "untyped": {...},
    "errors": [(text start, {"fn", "fp", "dup"})]}."""
    by_key, repeated = _pred_by_key(pred_rows)
    totals = defaultdict(lambda: {"tp": 0, "fp": 0, "fn": 0, "dup": 0})
    untyped = {"tp": 0, "fp": 0, "fn": 0, "dup": 0}
    missing, shown = 0, []
    for gold in gold_rows:
        preds = _find(by_key, text_key(gold["text"]))
        if preds is None:
            missing, preds = missing + 1, []
        counts, errors = score_paper(gold["concepts"], preds)
        for kind, c in counts.items():
            for m in c:
                totals[kind][m] += c[m]
        any_gold = [dict(g, type="any", alt_types=()) for g in gold["concepts"]]
        for m, n in score_paper(any_gold, [dict(p, type="any") for p in preds])[0]["any"].items():
            untyped[m] += n
        if any(errors.values()):
            shown.append((gold["text"][:70], errors))
    typed = {t: dict(zip(("p", "r", "f1"), prf(totals[t])), **totals[t]) for t in TYPES}
    micro = {m: sum(totals[t][m] for t in GRADED_TYPES) for m in ("tp", "fp", "fn", "dup")}
    return {
        "papers": len(gold_rows),
        "papers_missing": missing,
        "repeated_records": repeated,
        "typed": typed,
        "micro": dict(zip(("p", "r", "f1"), prf(micro)), **micro),
        "untyped": dict(zip(("p", "r", "f1"), prf(untyped)), **untyped),
        "errors": shown,
    }


def format_scores(result, show_errors=False):
    """The scores as printed by ``paperkg eval``: one line per type, untyped and micro."""
    lines = []
    if show_errors:
        for text, errors in result["errors"]:
            lines.append(f"-- {text}")
            lines += [f"   missed  {g['type']:8} {g['label']}" for g in errors["fn"]]
            lines += [f"   wrong   {p.get('type', '?'):8} {p.get('label')}" for p in errors["fp"]]
            lines += [f"   dup     {p.get('type', '?'):8} {p.get('label')}" for p in errors["dup"]]
    lines.append(f"papers: {result['papers']}  without predictions: {result['papers_missing']}"
                 f"  repeated records: {result['repeated_records']}")
    for kind in TYPES:
        d = result["typed"][kind]
        graded = "" if kind in GRADED_TYPES else "  not in micro"
        lines.append(f"{kind:9} P {d['p']:.3f}  R {d['r']:.3f}  F1 {d['f1']:.3f}  "
                     f"(tp {d['tp']} fp {d['fp']} fn {d['fn']} dup {d['dup']}){graded}")
    for name in ("untyped", "micro"):
        d = result[name]
        lines.append(f"{name:9} P {d['p']:.3f}  R {d['r']:.3f}  F1 {d['f1']:.3f}")
    return "\n".join(lines)
