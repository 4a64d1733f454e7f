"""html-check.py PAGE [JSON]: what every HTML page of benchtop promises.

Parses PAGE strictly enough to count its parts, then checks:
- it is self-contained: no script, no external fetch (src/href/url() to
  a network or file address), no event handler attributes;
- with JSON (the --json report of the same run): one chart per group of
  the report's tests, one row per test, and each row's median equal to
  the JSON value to the 4 significant digits the page prints;
- every group chart on the page's one scale (the same data-decades);
- the status cells wrap (class st, white-space:normal in the style);
- with two references, the story chart: each row's B/A equal to the
  JSON's b_vs_a, and none for a row a stand-in serves (ref_stand_in or
  ref_b_stand_in), whose text says "B/A -"; B/A reads one way, the
  cycles B pays over A, in the JSON (ref_b_cycles / ref_cycles) and the
  chart's text ("B/A 4.37x: B pays 4.37x the cycles").
Prints one line per problem; exit 1 if any.
"""
import html.parser
import json
import re
import sys


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.charts, self.rows, self.problems = [], {}, []
        self.decades, self.story, self.status_cells = set(), {}, 0
        self.story_row, self.story_text = None, ""
        self.row = None
        self.cells = []
        self.cell = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "script":
            self.problems.append("a <script> element")
        for k, v in attrs:
            if k.startswith("on"):
                self.problems.append(f"event handler {k} on <{tag}>")
            if k in ("src", "href") and v and not v.startswith(("#", "/")):
                self.problems.append(f"{tag} {k}={v!r} fetches")
        if tag == "svg" and "group-chart" in a.get("class", ""):
            self.charts.append(a.get("data-group"))
            self.decades.add(a.get("data-decades"))
        if tag == "g" and a.get("class") == "story-row":
            self.story_row = a["data-test"]
            self.story[self.story_row] = [a.get("data-b-vs-a", ""), ""]
        if tag == "td" and "st" in a.get("class", "").split():
            self.status_cells += 1
        if tag == "tr" and a.get("class") == "test":
            self.row = a["data-test"]
            self.cells = []
        if tag == "td" and self.row is not None:
            self.cell = ""

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data
        if self.story_row is not None:
            self.story[self.story_row][1] += data

    def handle_endtag(self, tag):
        if tag == "g":
            self.story_row = None
        if tag == "td" and self.cell is not None:
            self.cells.append(self.cell)
            self.cell = None
        if tag == "tr" and self.row is not None:
            if self.row in self.rows:
                self.problems.append(f"two rows for {self.row}")
            self.rows[self.row] = self.cells
            self.row = None


def agrees(shown, value):
    """The page's median text against the JSON number."""
    if value is None:
        return not re.match(r"^[0-9]", shown)
    number = float(shown.split()[0])
    return abs(number - value) <= 5e-4 * abs(value) + 1e-9


def check_story(page, report, problems):
    """The story chart's B/A against the JSON's, none for a stand-in."""
    if report.get("reference_b") is None:
        return
    if not page.story:
        problems.append("two references but no story chart")
    for t in report["tests"]:
        row = page.story.get(t["id"])
        if row is None:
            continue
        shown, text = row
        stand_in = t.get("ref_stand_in") or t.get("ref_b_stand_in")
        if stand_in and (shown or "B/A -" not in text):
            problems.append(f"{t['id']}: B/A {shown!r} for a stand-in row")
        want = t.get("b_vs_a")
        if want is None and shown:
            problems.append(f"{t['id']}: page B/A {shown} json null")
        if want is not None and (not shown or
                                 abs(float(shown) - want) > 1e-5 * want):
            problems.append(f"{t['id']}: page B/A {shown!r} json {want}")
        if want is not None:
            check_one_way(t, text, problems)


def check_one_way(t, text, problems):
    """B/A reads one way: the cycles B pays over A (the time where a
    clock is not stated), above 1 B pays more, in the JSON and the
    chart's text alike."""
    cyc_a, cyc_b = t.get("ref_cycles"), t.get("ref_b_cycles")
    pays = cyc_b / cyc_a if cyc_a and cyc_b else t.get("b_vs_a_time")
    if pays is None or abs(t["b_vs_a"] - pays) > 1e-5 * pays:
        problems.append(f"{t['id']}: json b_vs_a {t['b_vs_a']} is not what "
                        f"B pays over A ({pays})")
    m = re.search(r"B/A ([0-9.]+)x: B (?:pays|takes) ([0-9.]+)x", text)
    if not m or m.group(1) != m.group(2):
        problems.append(f"{t['id']}: chart text {text!r} does not read "
                        "B/A as the cycles B pays")
    elif abs(float(m.group(1)) - t["b_vs_a"]) > 0.006 * t["b_vs_a"]:
        problems.append(f"{t['id']}: chart text {text!r} json "
                        f"{t['b_vs_a']}")


def main():
    text = open(sys.argv[1], encoding="utf-8").read()
    page = Page()
    page.feed(text)
    problems = page.problems
    if re.search(r"url\(|@import", text):
        problems.append("CSS fetches (url() or @import)")
    if len(sys.argv) > 2:
        report = json.load(open(sys.argv[2]))
        tests = report["tests"]
        groups = sorted({t["group"] for t in tests})
        if sorted(page.charts) != groups:
            problems.append(f"charts {sorted(page.charts)} != groups {groups}")
        if sorted(page.rows) != sorted(t["id"] for t in tests):
            problems.append(f"{len(page.rows)} rows for {len(tests)} tests")
        for t in tests:
            cells = page.rows.get(t["id"])
            if cells and not agrees(cells[1], t["value"]):
                problems.append(f"{t['id']}: page {cells[1]!r} json {t['value']}")
    if len(page.decades) > 1:
        problems.append(f"group charts on {len(page.decades)} scales: "
                        f"{sorted(page.decades)}")
    if page.rows and (page.status_cells < len(page.rows) or not re.search(
            r"td\.st\{white-space:normal", text)):
        problems.append("status cells do not wrap")
    if len(sys.argv) > 2:
        check_story(page, json.load(open(sys.argv[2])), problems)
    for p in problems:
        print(p)
    return 1 if problems else 0


sys.exit(main())
