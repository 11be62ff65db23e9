"""The HTML explorer, opened in a real headless Chromium with the network off: it draws the
whole graph (or, for a big one, an overview that says what it leaves out), reaches no host,
runs nothing from the input, stays small and fast at scale, and its search, filter, click,
toggles, hover, citations and colour by year work."""

import hashlib
import json
import re
import shutil
from pathlib import Path

import pytest

from paperkg.extract.readers import read_paths
from paperkg.extract.records import CONCEPT_TYPES
from paperkg.graph import appearance, defaults, model
from paperkg.graph.export import html
from paperkg.graph.build import make_graph

import synthetic
from conftest import FIXTURES

CHROMIUM = Path("/usr/bin/chromium") if Path("/usr/bin/chromium").exists() else None
CHROMIUM = CHROMIUM or (shutil.which("chromium") and Path(shutil.which("chromium")))
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking"]
HIDDEN = ("SIMILAR_TO", "CO_OCCURS")
INJECTED = "<img src=x onerror=alert(1)>"

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - the test extra installs it
    sync_playwright = None



@pytest.fixture(scope="module")
def browser():
    """Debian's chromium driven by playwright (which never downloads a browser here)."""
    if CHROMIUM is None:
        pytest.skip("no chromium at /usr/bin/chromium (apt-get install chromium; .ci/run does): "
                    "the explorer is only tested in a real browser")
    if sync_playwright is None:
        pytest.skip("the playwright package is not installed (pip install '.[test]')")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS,
                                              headless=True)
        yield chromium
        chromium.close()


class Page:
    """An explorer page opened from disk: every request that is not file: is aborted and
    recorded, as are console errors, page errors and dialogs."""

    def __init__(self, browser, path):
        self.outside, self.requests, self.errors, self.dialogs = [], [], [], []
        self.context = browser.new_context(offline=True, viewport={"width": 1280, "height": 800})
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("dialog", self._dialog)
        self.page.goto(path.as_uri())
        self.page.wait_for_function("window.paperkg && window.paperkg.ready", timeout=20000)

    def _route(self, route):
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()

    def _dialog(self, dialog):
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def js(self, expression, arg=None):
        return self.page.evaluate(expression, arg)

    def drawn(self):
        """(nodes, edges) vis-network draws now (not hidden, both ends shown)."""
        return tuple(self.js("[network.body.nodeIndices.length, network.body.edgeIndices.length]"))

    def screen(self, node):
        """The page coordinates of a node's centre."""
        box = self.page.locator("#canvas").bounding_box()
        xy = self.js("id => network.canvasToDOM(network.getPosition(id))", node)
        return box["x"] + xy["x"], box["y"] + xy["y"]

    def close(self):
        self.context.close()


def write_page(tmp_path, graph, **kwargs):
    path = tmp_path / "graph.html"
    html.write(graph, path, **kwargs)
    return path


def open_page(browser, tmp_path, graph, **kwargs):
    return Page(browser, write_page(tmp_path, graph, **kwargs))


def page_data(path):
    """The data the page's script reads, parsed from the written page."""
    text = path.read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="paperkg-data">(.*?)</script>', text, re.S)
    return json.loads(found.group(1))


@pytest.fixture(scope="module")
def big_graph():
    """A synthetic graph of 3,000 papers, 15,000 concepts, ~75,000 edges, with metadata."""
    return synthetic.graph(3000)


@pytest.fixture(scope="module")
def dated_graph():
    """A small synthetic graph with metadata, years, citations and a cited work."""
    return synthetic.graph(60)


@pytest.fixture(scope="module")
def undated_graph():
    """The same without years, metadata or citations."""
    return synthetic.graph(60, years=False, citations=False)


@pytest.fixture(scope="module")
def injected_graph(nlp):
    from paperkg.extract.pipeline import extract_records

    records, _, _ = read_paths([FIXTURES / "html_injected_markup.txt"])
    return make_graph(extract_records(records, nlp), nlp)


def kind_count(graph, kinds):
    return sum(1 for *_, d in graph.edges(data=True) if d["kind"] in kinds)


@pytest.mark.browser
def test_seed_page_draws_the_whole_graph_offline_and_stops_moving(browser, tmp_path, seed_graph):
    page = open_page(browser, tmp_path, seed_graph)
    try:
        assert page.errors == [] and page.dialogs == []
        assert page.outside == [] and all(u.startswith("file:") for u in page.requests)
        nodes, edges = seed_graph.number_of_nodes(), seed_graph.number_of_edges()
        hidden = kind_count(seed_graph, HIDDEN)
        assert page.drawn() == (nodes, edges - hidden)
        assert page.js("network.physics.physicsEnabled") is False
        assert page.js("window.paperkg.readyAt") < 3000  # ms from navigation start
        # Nothing moves once the layout has stopped.
        first = page.js("network.getPositions()")
        page.page.wait_for_timeout(300)
        assert page.js("network.getPositions()") == first
        # The edge toggles show the similarity and co-occurrence edges.
        for kind in HIDDEN:
            if kind_count(seed_graph, [kind]):
                page.page.check(f"#edge-{kind}")
        assert page.drawn() == (nodes, edges)
        assert page.page.text_content("#counts") == f"{nodes} nodes · {edges} edges"
    finally:
        page.close()


@pytest.mark.browser
def test_markup_in_the_input_is_shown_as_text_and_runs_nothing(browser, tmp_path, injected_graph):
    page_html = write_page(tmp_path, injected_graph).read_text(encoding="utf-8")
    assert "<img src=x" not in page_html and "pwned" in page_html  # travels escaped as JSON
    page = open_page(browser, tmp_path, injected_graph)
    try:
        fuseflow = next(n for n in model.papers(injected_graph, model.RELATED)
                        if INJECTED in injected_graph.nodes[n]["abstract"])
        anchor = model.papers(injected_graph, model.ANCHOR)[0]
        # Hover (tooltip), then click (details panel) the paper whose abstract holds the markup.
        page.page.mouse.move(*page.screen(fuseflow))
        page.page.wait_for_selector("div.vis-tooltip", state="visible")
        page.page.mouse.click(*page.screen(fuseflow))
        details = page.page.text_content("#details")
        assert INJECTED in details and '<script>window.pwned = "abstract"</script>' in details
        page.js("id => window.paperkg.select(id)", anchor)
        assert '<script>window.pwned = "title"</script>' in page.page.text_content("#details")
        page.page.fill("#search", "<script>")
        assert "Sparse Dataflow Compilers" in page.page.text_content("#results")
        page.page.wait_for_timeout(200)
        assert page.js("typeof window.pwned") == "undefined"
        assert page.dialogs == [] and page.errors == []
        assert page.js("document.querySelectorAll('#details img, #details script, "
                       "#details b, #results img, .vis-tooltip img').length") == 0
        assert not any(url.endswith("/x") for url in page.requests + page.outside)
    finally:
        page.close()


@pytest.mark.browser
def test_search_click_filter_and_colour_by_community(browser, tmp_path, seed_graph):
    page = open_page(browser, tmp_path, seed_graph)
    try:
        # Search by label: Enter focuses the best match and shows its details.
        target = next(n for n in model.papers(seed_graph, model.RELATED)
                      if seed_graph.nodes[n]["label"] == "FuseFlow")
        page.page.fill("#search", "fuseflo")
        page.page.press("#search", "Enter")
        assert page.js("network.getSelectedNodes()") == [target]
        assert page.page.text_content("#details h3") == "FuseFlow"
        # The abstract is shown with its mentions highlighted, one <mark> per kept span.
        marks = html.mention_marks(seed_graph)[target]
        assert page.js("document.querySelectorAll('#details mark').length") == len(marks) > 0
        # Clicking a concept node lists its papers and dims all but its neighbourhood.
        concept = max(model.concepts(seed_graph), key=seed_graph.in_degree)
        page.page.wait_for_timeout(400)  # the focus animation
        page.js("network.fit({animation: false})")
        page.page.mouse.click(*page.screen(concept))
        assert page.js("network.getSelectedNodes()") == [concept]
        papers = {u for u, _, d in seed_graph.in_edges(concept, data=True)
                  if d["kind"] in model.MENTION_EDGE.values()}
        assert page.js("document.querySelectorAll('#details .chips')[0].children.length") == len(papers)
        dimmed = page.js("nodes.get().filter(n => n.color === 'rgba(200,205,210,0.35)').length")
        assert dimmed == seed_graph.number_of_nodes() - 1 - len(set(nx_neighbours(seed_graph, concept)))
        page.page.keyboard.press("Escape")  # clears the selection
        assert page.js("nodes.get().filter(n => n.color === 'rgba(200,205,210,0.35)').length") == 0
        # Filter by kind: unchecking Hardware hides its nodes and their edges.
        hardware = model.concepts(seed_graph, "hardware")
        before = page.drawn()
        page.page.uncheck("#kind-hardware")
        hardware_edges = sum(1 for u, v, d in seed_graph.edges(data=True)
                             if (u in hardware or v in hardware) and d["kind"] not in HIDDEN)
        assert page.drawn() == (before[0] - len(hardware), before[1] - hardware_edges)
        # Colour by community recolours every node with its community's colour.
        if seed_graph.graph.get("communities"):
            page.page.select_option("#color-by", "community")
            colours = page.js("nodes.get().map(n => [n.color, n.communityColor])")
            assert all(a == b for a, b in colours)
            assert len({a for a, _ in colours}) > 1
    finally:
        page.close()


def nx_neighbours(graph, node):
    return {n for n in list(graph.predecessors(node)) + list(graph.successors(node)) if n != node}


@pytest.mark.browser
def test_hovering_a_similarity_edge_lists_the_shared_concepts(browser, tmp_path, seed_graph):
    similar = [(u, v, d) for u, v, d in seed_graph.edges(data=True)
               if d["kind"] == "SIMILAR_TO" and d.get("shared")]
    if not similar:
        pytest.skip("the seed graph has no SIMILAR_TO edge with shared concepts")
    u, v, data = max(similar, key=lambda e: e[2]["score"])
    page = open_page(browser, tmp_path, seed_graph)
    try:
        page.page.check("#edge-SIMILAR_TO")
        edge = page.js("([u, v]) => edges.get().find(e => e.kind === 'SIMILAR_TO' && "
                       "e.from === u && e.to === v).id", [u, v])
        # Hover a point of the edge that no node covers; the tooltip names both papers and
        # the shared concepts.
        page.js("id => network.selectEdges([id])", edge)
        point = page.js(
            "([id, u, v]) => { const a = network.canvasToDOM(network.getPosition(u)),"
            " b = network.canvasToDOM(network.getPosition(v));"
            " for (const t of [0.5, 0.4, 0.6, 0.3, 0.7, 0.45, 0.55, 0.35, 0.65, 0.25, 0.75]) {"
            "  const p = {x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y)};"
            "  if (network.getNodeAt(p) === undefined && network.getEdgeAt(p) === id) return p; }"
            " return null; }", [edge, u, v])
        assert point, "every point of the edge is covered by a node or another edge"
        box = page.page.locator("#canvas").bounding_box()
        page.page.mouse.move(box["x"] + point["x"], box["y"] + point["y"])
        tip = page.page.wait_for_selector("div.vis-tooltip", state="visible")
        text = tip.text_content()
        labels = [seed_graph.nodes[c]["label"] for c in data["shared"]]
        assert "similar to" in text and all(label in text for label in labels)
    finally:
        page.close()


@pytest.mark.browser
def test_max_nodes_draws_the_most_central_papers_and_weightiest_concepts(browser, tmp_path,
                                                                          seed_graph):
    page = open_page(browser, tmp_path, seed_graph, max_nodes=20)
    try:
        kept = set(page.js("nodes.getIds()"))
        assert len(kept) == 20 and page.drawn()[0] == 20
        papers = [n for n in seed_graph if seed_graph.nodes[n]["kind"] == model.PAPER]
        shown_papers = [n for n in papers if n in kept]
        assert len(shown_papers) == round(20 * defaults.OVERVIEW_PAPER_SHARE)
        assert set(model.papers(seed_graph, model.ANCHOR)) <= kept
        rank = {n: seed_graph.nodes[n].get("pagerank", 0) for n in papers}
        related = model.papers(seed_graph, model.RELATED)
        assert min(rank[n] for n in related if n in kept) >= \
            max(rank[n] for n in related if n not in kept)
        for concept_type in {seed_graph.nodes[n]["concept_type"] for n in model.concepts(seed_graph)}:
            of_type = model.concepts(seed_graph, concept_type)
            # ranked by papers times specificity: the field's terms before generic words
            shown = [model.concept_weight(seed_graph.nodes[n]) for n in of_type if n in kept]
            left = [model.concept_weight(seed_graph.nodes[n]) for n in of_type if n not in kept]
            assert shown, f"no {concept_type} drawn"
            assert not left or min(shown) >= max(left)
        note = page.page.text_content("#truncation-note")
        total = seed_graph.number_of_nodes()
        assert f"20 of {total} nodes" in note and "--max-nodes" in note
        assert f"Left out: {len(papers) - len(shown_papers)} papers" in note
        assert page.errors == [] and page.outside == []
    finally:
        page.close()


@pytest.mark.browser
def test_a_big_graph_opens_on_a_small_fast_overview(browser, tmp_path, big_graph):
    """3,000 papers and 15,000 concepts: the page holds the default 400 nodes, is drawn and
    interactive within 3 s, shows the concepts' co-occurrences, lists the most central papers
    and every concept type, and says what it leaves out and how to see more."""
    path = write_page(tmp_path, big_graph)
    assert path.stat().st_size < 1_500_000
    page = Page(browser, path)
    try:
        assert page.js("window.paperkg.readyAt") < 3000
        assert page.js("network.physics.physicsEnabled") is False
        assert page.errors == [] and page.outside == []
        assert page.js("nodes.length") == defaults.MAX_NODES
        note = page.page.text_content("#truncation-note")
        assert f"{defaults.MAX_NODES} of {big_graph.number_of_nodes()} nodes" in note
        assert f" of {big_graph.number_of_edges()} edges" in note
        assert "--max-nodes" in note and "Gephi" in note
        # The overview shows the concepts' strongest co-occurrences from the start.
        assert page.js("document.getElementById('edge-CO_OCCURS').checked") is True
        assert page.js("edges.get().filter(e => e.kind === 'CO_OCCURS' && !e.hidden).length") > 0
        per_node = page.js("(() => { const c = {}; edges.get().filter(e => e.kind === 'CO_OCCURS')"
                           ".forEach(e => { c[e.from] = (c[e.from] || 0) + 1; c[e.to] = (c[e.to] || 0) + 1; });"
                           " return Object.values(c); })()")
        assert sum(per_node) <= 2 * defaults.OVERVIEW_COOCCURS_PER_NODE * len(per_node)
        details = page.page.text_content("#details")
        assert "Most central papers" in details
        for concept_type in CONCEPT_TYPES:
            assert appearance.kind_plural(concept_type).lower() in details.lower()
        # Interactive: a click shows the concept's details at once.
        top = max(model.concepts(big_graph), key=lambda n: big_graph.nodes[n]["papers"])
        page.js("id => window.paperkg.select(id)", top)
        assert page.page.text_content("#details h3") == big_graph.nodes[top]["label"]
        assert "more papers mention it outside this view" in page.page.text_content("#details")
    finally:
        page.close()


def test_page_size_grows_with_max_nodes_not_with_the_graph(tmp_path, big_graph, monkeypatch):
    for name in "abc":
        (tmp_path / name).mkdir()
    small = write_page(tmp_path / "a", synthetic.graph(1500))
    large = write_page(tmp_path / "b", big_graph)
    assert large.stat().st_size < 1.25 * small.stat().st_size
    # Past the text budget, abstracts are cut at a word and say so; marks stay inside the cut.
    monkeypatch.setattr(html.defaults, "HTML_TEXT_BUDGET", 50_000)
    data = page_data(write_page(tmp_path / "c", big_graph, max_nodes=1000))
    papers = [n for n in data["nodes"] if n["kind"] in defaults.PAPER_KINDS and "abstract" in n["info"]]
    assert papers and all(len(n["info"]["abstract"]) <= max(
        defaults.HTML_MIN_ABSTRACT_CHARS, 50_000 // len(papers)) for n in papers)
    cut = [n for n in papers if "cut" in n["info"]]
    assert cut
    for n in cut:
        full = big_graph.nodes[n["id"]]["abstract"]
        assert full.startswith(n["info"]["abstract"]) and n["info"]["cut"] == len(full)
        assert all(m[1] <= len(n["info"]["abstract"]) for m in n["info"].get("marks", ()))


@pytest.mark.browser
def test_max_nodes_5000_is_drawn_from_the_build_time_layout(browser, tmp_path, big_graph):
    # 18,000 nodes: the 5,000 drawn are a selection, as at scale
    path = write_page(tmp_path, big_graph, max_nodes=5000)
    assert path.stat().st_size < 10_000_000
    data = page_data(path)
    page = Page(browser, path)
    try:
        assert page.js("window.paperkg.readyAt") < 10000
        assert page.drawn()[0] == 5000 and page.errors == [] and page.outside == []
        assert page.js("network.physics.physicsEnabled") is False
        # Positions are the ones computed at build time, and nothing moves.
        some = [n["id"] for n in data["nodes"][::500]]
        where = page.js("ids => network.getPositions(ids)", some)
        expected = {n["id"]: (n["x"], n["y"]) for n in data["nodes"]}
        for node in some:
            assert (where[node]["x"], where[node]["y"]) == pytest.approx(expected[node], abs=1)  # vis rounds
        page.page.wait_for_timeout(300)
        assert page.js("ids => network.getPositions(ids)", some) == where
        page.js("id => window.paperkg.select(id)", some[0])
        assert page.page.text_content("#details h3")
    finally:
        page.close()


@pytest.mark.browser
def test_citations_are_drawn_and_toggled_only_when_there_are_some(browser, tmp_path, dated_graph,
                                                                   undated_graph, seed_graph):
    cites = [(u, v) for u, v, d in dated_graph.edges(data=True) if d["kind"] == model.CITES]
    assert cites
    page = open_page(browser, tmp_path, dated_graph)
    try:
        assert page.js("edges.get().filter(e => e.kind === 'CITES' && !e.hidden).length") == len(cites)
        citing, cited = max(cites, key=lambda e: dated_graph.out_degree(e[0]))
        page.js("id => window.paperkg.select(id)", citing)
        headings = page.js("[...document.querySelectorAll('#details h2')].map(h => h.textContent)")
        out = len({v for u, v in cites if u == citing})
        assert f"Cites ({out})" in headings
        before = page.drawn()
        page.page.uncheck("#edge-CITES")
        assert page.drawn() == (before[0], before[1] - len(cites))
        cited_work = next(n for n, d in dated_graph.nodes(data=True) if d["role"] == "cited")
        page.js("id => window.paperkg.select(id)", cited_work)
        assert "Cited by" in page.page.text_content("#details")
    finally:
        page.close()
    for graph in (undated_graph, seed_graph):
        (tmp_path / "other").mkdir(exist_ok=True)
        page = open_page(browser, tmp_path / "other", graph)
        try:
            assert page.js("document.querySelectorAll('#edge-CITES').length") == 0
        finally:
            page.close()


@pytest.mark.browser
def test_colour_by_year_is_offered_only_when_years_exist(browser, tmp_path, dated_graph,
                                                          undated_graph):
    page = open_page(browser, tmp_path, dated_graph)
    try:
        page.page.select_option("#color-by", "year")
        colours = dict(page.js("nodes.get().map(n => [n.id, n.color])"))
        papers = [n for n in model.papers(dated_graph) if dated_graph.nodes[n].get("year")]
        oldest = min(papers, key=lambda n: dated_graph.nodes[n]["year"])
        newest = max(papers, key=lambda n: dated_graph.nodes[n]["year"])
        assert colours[oldest] == defaults.YEAR_COLORS[0] and colours[newest] == defaults.YEAR_COLORS[-1]
        for node, data in dated_graph.nodes(data=True):
            if appearance.node_year(data) is None:
                assert colours[node] == defaults.NO_YEAR_COLOR
        concept = next(n for n in model.concepts(dated_graph)
                       if dated_graph.nodes[n].get("mean_year") is not None)
        assert colours[concept] == page.js("id => nodes.get(id).yearColor", concept)
        legend = page.page.text_content("#years")
        years = [dated_graph.nodes[n]["year"] for n in papers]
        assert str(min(years)) in legend and str(max(years)) in legend
        assert page.js("getComputedStyle(document.getElementById('years')).display") != "none"
        page.page.select_option("#color-by", "kind")
        assert page.js("nodes.get().every(n => n.color === n.kindColor)")
    finally:
        page.close()
    (tmp_path / "undated").mkdir()
    page = open_page(browser, tmp_path / "undated", undated_graph)
    try:
        assert page.js("document.querySelectorAll('#color-by option[value=year]').length") == 0
    finally:
        page.close()


@pytest.mark.browser
def test_details_show_a_papers_metadata_and_highlighted_mentions(browser, tmp_path, dated_graph):
    paper = next(n for n in model.papers(dated_graph, model.RELATED)
                 if dated_graph.nodes[n].get("doi") and dated_graph.nodes[n].get("venue"))
    data = dated_graph.nodes[paper]
    page = open_page(browser, tmp_path, dated_graph)
    try:
        page.js("id => window.paperkg.select(id)", paper)
        details = page.page.text_content("#details")
        assert ", ".join(data["authors"]) in details and f"{data['venue']}, {data['year']}" in details
        links = page.js("[...document.querySelectorAll('#details a')].map(a => a.href)")
        assert f"https://doi.org/{data['doi']}" in links
        assert f"https://arxiv.org/abs/{data['arxiv']}" in links and data["url"] in links
        mentions = sum(1 for _, v, d in dated_graph.out_edges(paper, data=True) if "mentions" in d)
        assert page.js("document.querySelectorAll('#details mark').length") == mentions > 0
        assert page.outside == []  # links are only followed when clicked
    finally:
        page.close()


@pytest.mark.browser
def test_every_node_kind_has_its_legend_colour_shape_and_filter(browser, tmp_path, dated_graph):
    page = open_page(browser, tmp_path, dated_graph)
    try:
        kinds = {appearance.node_kind(d) for _, d in dated_graph.nodes(data=True)}
        assert set(CONCEPT_TYPES) <= kinds and "cited" in kinds
        for kind in kinds:
            assert page.js("k => document.querySelectorAll('#kind-' + k).length", kind) == 1
            looks = page.js("k => nodes.get().filter(n => n.kind === k).map(n => [n.color, n.shape])", kind)
            assert {tuple(x) for x in looks} == {(appearance.kind_color(kind), appearance.kind_shape(kind))}
        datasets = len(model.concepts(dated_graph, "dataset")) if "dataset" in kinds else 0
        before = page.drawn()[0]
        if datasets:
            page.page.uncheck("#kind-dataset")
            assert page.drawn()[0] == before - datasets
    finally:
        page.close()


@pytest.mark.browser
def test_text_json_and_xml_cannot_carry_still_shows_as_text(browser, tmp_path):
    title = "Form\x0cfeed NUL\x00 lone \ud800 </script><script>window.pwned = 1</script> \u2028 end"
    made = synthetic.graph(20, title_of=lambda n: title if n == 3 else f"Paper {n}")
    node = next(n for n, d in made.nodes(data=True) if d.get("title") == title)
    page = open_page(browser, tmp_path, made)
    try:
        page.js("id => window.paperkg.select(id)", node)
        shown = page.page.text_content("#details .title")
        assert shown == title.replace("\ud800", "\ufffd")
        assert page.js("typeof window.pwned") == "undefined" and page.errors == []
    finally:
        page.close()


def test_shipped_vis_network_is_the_recorded_build(tmp_path, seed_graph):
    folder = Path(html.__file__).resolve().parent.parent / "data" / "vis-network"
    readme = (folder / "README.md").read_text(encoding="utf-8")
    build = (folder / "vis-network.min.js").read_bytes()
    version = re.search(r"\| version \| (\S+)", readme).group(1)
    assert hashlib.sha256(build).hexdigest() in readme
    assert f"@version {version}".encode() in build[:1000] and (folder / "LICENSE").exists()
    assert "pyvis" not in Path(html.__file__).read_text(encoding="utf-8")
    page = write_page(tmp_path, seed_graph).read_text(encoding="utf-8")
    code = build.decode("utf-8").replace("\r\n", "\n")
    assert code.split("//# sourceMappingURL=")[0] in page and "sourceMappingURL" not in page
    assert "https://" not in page.split("<script>")[0]  # no remote CSS or fonts


@pytest.mark.browser
def test_mentions_after_astral_characters_are_highlighted_exactly(browser, tmp_path):
    """Offsets count code points, the page's strings UTF-16 units: emoji before a mention must
    not shift its highlight."""
    abstract = "🚀🚀 We train with pipeline parallelism on 𝔾𝕡𝕦 clusters 😀 and ZeRO offloading."
    found = [("pipeline parallelism", "method"), ("clusters", "hardware"), ("ZeRO offloading", "method")]
    concepts = []
    for text, concept_type in found:
        start = abstract.index(text)
        concepts.append({"id": text.replace(" ", "-").lower(), "type": concept_type, "label": text,
                         "mentions": [{"text": text, "start": start, "end": start + len(text)}],
                         "source": "test", "score": 1.0})
    record = {"id": "pemoji", "role": model.RELATED, "title": "Emoji first", "abstract": abstract,
              "truncated": False, "anchors": [], "sources": ["emoji.jsonl:1"], "concepts": concepts}
    graph = model.build_graph([record])
    page = open_page(browser, tmp_path, graph)
    try:
        page.js("id => window.paperkg.select(id)", model.paper_node("pemoji"))
        marks = page.js("[...document.querySelectorAll('#details mark')].map(m => m.textContent)")
        assert marks == [text for text, _ in found]
        assert page.page.text_content("#details .abstract") == abstract
    finally:
        page.close()
