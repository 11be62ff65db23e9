"""`paperkg serve`: the seeds' export behind Oxigraph's own read-only server, asked over the
SPARQL 1.1 Protocol by a real client (SPARQLWrapper) and by plain HTTP GET and POST."""

import csv
import io
import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest
from click.testing import CliRunner
from SPARQLWrapper import JSON, SPARQLWrapper

from paperkg.graph import sparql
from paperkg.graph.cli import cli

from conftest import ROOT

COUNT_PAPERS = ("SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE "
                "{ ?p a <http://purl.org/spar/fabio/ResearchPaper> }")


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def endpoint(tmp_path_factory):
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "paperkg.graph", "serve", str(ROOT / "exports"),
                                "--port", str(port)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}/query"
    for _ in range(240):
        try:
            urllib.request.urlopen(url + "?query=" + urllib.parse.quote("ASK {}"), timeout=1)
            break
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.25)
    else:
        process.kill()
        pytest.fail("paperkg serve did not answer: " + process.communicate()[1])
    yield port, url
    process.terminate()
    process.wait(timeout=30)


def listening_addresses(port):
    out = subprocess.run(["ss", "-ltnH", f"sport = :{port}"], capture_output=True, text=True)
    return {line.split()[3].rsplit(":", 1)[0] for line in out.stdout.splitlines()}


def test_a_real_client_counts_the_41_papers(endpoint):
    _, url = endpoint
    client = SPARQLWrapper(url)
    client.setQuery(COUNT_PAPERS)
    client.setReturnFormat(JSON)
    bindings = client.query().convert()["results"]["bindings"]
    assert bindings[0]["n"]["value"] == "41"


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_every_example_gives_the_rows_of_paperkg_query(endpoint, method):
    _, url = endpoint
    for name, (_, text) in sparql.examples().items():
        if method == "GET":
            request = urllib.request.Request(url + "?query=" + urllib.parse.quote(text),
                                             headers={"Accept": "text/csv"})
        else:
            request = urllib.request.Request(url, data=urllib.parse.urlencode({"query": text}).encode(),
                                             headers={"Accept": "text/csv"})
        served = list(csv.reader(io.StringIO(urllib.request.urlopen(request, timeout=60).read().decode())))
        result = CliRunner().invoke(cli, ["query", str(ROOT / "exports" / "graph.nt"), "--example",
                                          name, "--format", "csv"], catch_exceptions=False)
        assert result.exit_code == 0, result.stderr
        ours = list(csv.reader(io.StringIO(result.stdout)))
        assert served[0] == ours[0], name
        assert sorted(served[1:]) == sorted(ours[1:]), name


def test_an_update_is_refused_and_only_localhost_listens(endpoint):
    port, url = endpoint
    update = urllib.parse.urlencode({"update": 'INSERT DATA { <http://a/b> <http://a/c> "d" }'})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(urllib.request.Request(url.replace("/query", "/update"),
                                                      data=update.encode()), timeout=10)
    assert refused.value.code in (403, 405)
    request = urllib.request.Request(url + "?query=" + urllib.parse.quote(COUNT_PAPERS),
                                     headers={"Accept": "application/sparql-results+json"})
    data = json.loads(urllib.request.urlopen(request, timeout=10).read())
    assert data["results"]["bindings"][0]["n"]["value"] == "41"
    assert listening_addresses(port) == {"127.0.0.1"}
