/*
 * base-html.c: escaping and the page frame. The style sheet is the page's
 * only styling: system fonts, tables that scroll sideways inside their
 * box on a narrow screen, charts that scale to the width (SVG viewBox).
 */

#include "config.h"

#include "base-html.h"

#include <stdio.h>

static const char style[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:0 auto;"
    "max-width:1200px;padding:0 12px;color:#1b1b1b;background:#fff}\n"
    "h1{font-size:1.5em;margin:.8em 0 .2em}"
    "h2{font-size:1.2em;margin:1.4em 0 .4em;border-bottom:1px solid #ccc}\n"
    "h3{font-size:1em;margin:1em 0 .2em}\n"
    ".scroll{overflow-x:auto;max-width:100%}\n"
    "table{border-collapse:collapse;font-variant-numeric:tabular-nums}\n"
    "th,td{padding:2px 8px;text-align:left;vertical-align:middle;"
    "white-space:nowrap}\n"
    "th{background:#f1f1f1;font-weight:600}"
    "tr+tr td{border-top:1px solid #eee}\n"
    "td.n{text-align:right}\n"
    "dl.machine{display:grid;grid-template-columns:max-content 1fr;"
    "gap:2px 16px;margin:0}\n"
    "dl.machine dt{color:#555}dl.machine dd{margin:0;overflow-wrap:anywhere}\n"
    "pre{font:12px/1.3 ui-monospace,monospace;background:#f8f8f8;"
    "padding:8px;margin:0;width:max-content}\n"
    "svg{display:block;max-width:100%;height:auto}\n"
    "svg.group-chart{min-width:600px}svg.story-chart{min-width:900px}\n"
    "svg text{font:11px system-ui,sans-serif;fill:#1b1b1b}\n"
    "svg .axis{stroke:#999;stroke-width:1}"
    "svg .grid{stroke:#ddd;stroke-width:1}\n"
    ".better{fill:#2e7d32}.worse{fill:#c62828}"
    ".better2{fill:#81c784}.worse2{fill:#ef9a9a}\n"
    ".si{fill-opacity:.12;stroke-dasharray:3 2;stroke-width:1.2}"
    ".better.si{stroke:#2e7d32}.worse.si{stroke:#c62828}"
    ".better2.si{stroke:#66bb6a}.worse2.si{stroke:#e57373}\n"
    ".cyc-a{fill:#5e35b1}.cyc-b{fill:#ef6c00}.cyc-this{fill:#546e7a}"
    ".cyc-a.si{stroke:#5e35b1}.cyc-b.si{stroke:#ef6c00}\n"
    "svg.swatch{display:inline-block;vertical-align:middle;"
    "min-width:0}\n"
    "td.st{white-space:normal;min-width:12em;max-width:32em}\n"
    ".spark{stroke:#1565c0;fill:none;stroke-width:1}"
    ".hist{fill:#90a4ae}.med{stroke:#000;stroke-width:1.5}"
    ".ci{fill:#f9a825}\n"
    ".track{display:inline-block;width:80px;height:10px;background:#eee;"
    "vertical-align:middle;margin-left:6px}"
    ".bar{display:block;height:10px;background:#1565c0}"
    ".bar.this{background:#ef6c00}\n"
    ".ok{color:#2e7d32}.bad{color:#c62828}.warn{color:#8e24aa}"
    ".dim{color:#666}\n"
    "mark{background:#ffe0b2}\n"
    "@media (max-width:600px){body{font-size:13px}"
    "dl.machine{grid-template-columns:1fr}}\n"
    "@media print{.scroll{overflow:visible}pre{width:auto}}\n";

void
html_text(FILE *f, const char *s)
{
	for (; s != NULL && *s != '\0'; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&#39;", f);
			break;
		default:
			fputc(*s, f);
		}
	}
}

void
html_begin(FILE *f, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" "
	      "content=\"width=device-width, initial-scale=1\">\n"
	      "<title>",
	    f);
	html_text(f, title);
	fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", style);
}

void
html_end(FILE *f)
{
	fputs("</body>\n</html>\n", f);
}
