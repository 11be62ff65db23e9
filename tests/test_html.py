"""The HTML explorer, opened in a real headless Chromium with the network off: it draws the
whole graph, reaches no host, runs nothing from the input, and its search, filter, click,
toggles and hover work."""

import shutil
from pathlib import Path

import pytest

from paperkg.extract.readers import read_paths
from paperkg.graph import model
from paperkg.graph.export import html
from paperkg.graph.build import make_graph

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


def open_page(browser, tmp_path, graph, **kwargs):
    path = tmp_path / "graph.html"
    path.write_text(html.render(graph, **kwargs), encoding="utf-8")
    return Page(browser, path)


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
    page_html = html.render(injected_graph)
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
def test_max_nodes_keeps_the_most_connected_and_says_so(browser, tmp_path, seed_graph):
    page = open_page(browser, tmp_path, seed_graph, max_nodes=20)
    try:
        kept = page.js("nodes.getIds()")
        degree = dict(seed_graph.degree())
        assert len(kept) == 20
        assert min(degree[n] for n in kept) >= max(degree[n] for n in seed_graph if n not in kept)
        assert page.drawn()[0] == 20
        note = page.page.text_content("#truncation-note")
        assert f"20 most connected of {seed_graph.number_of_nodes()} nodes" in note
        assert page.errors == [] and page.outside == []
    finally:
        page.close()


def test_page_is_the_same_bytes_every_build(seed_graph):
    assert html.render(seed_graph) == html.render(seed_graph)
    assert "https://" not in html.render(seed_graph).split("<script>")[0]  # no remote CSS/fonts
