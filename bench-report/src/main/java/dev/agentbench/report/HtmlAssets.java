package dev.agentbench.report;

/** The style sheet and the one small script that {@code report.html} carries inline. */
final class HtmlAssets {

    private HtmlAssets() {}

    static final String CSS = """
            :root{--fg:#1f2328;--muted:#59636e;--line:#d8dee4;--soft:#f6f8fa;--card:#fff;--ok:#1a7f37;\
            --failed:#cf222e;--timeout:#bc4c00;--missing:#6e7781}
            *{box-sizing:border-box}
            body{margin:0;background:var(--soft);color:var(--fg);\
            font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI","Noto Sans","Liberation Sans",Helvetica,Arial,sans-serif}
            .page{max-width:1160px;margin:0 auto;padding:24px 20px 32px}
            .card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:16px 20px;margin:0 0 16px}
            h1{font-size:22px;margin:0 0 2px;display:flex;align-items:center;gap:10px;flex-wrap:wrap}
            h2{font-size:17px;margin:0 0 4px}
            .sub{color:var(--muted);margin:0 0 12px}
            .intro{color:var(--muted);margin:0 0 12px;max-width:900px}
            code{font:12.5px ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;\
            background:var(--soft);border:1px solid var(--line);border-radius:4px;padding:0 4px}
            dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 18px;margin:0}
            dl.facts dt{color:var(--muted)}
            dl.facts dd{margin:0;overflow-wrap:anywhere}
            .pill{display:inline-block;font-size:12px;font-weight:600;line-height:18px;padding:1px 9px;\
            border-radius:10px;color:#fff;white-space:nowrap}
            .OK{background:var(--ok)}.FAILED{background:var(--failed)}.TIMEOUT{background:var(--timeout)}\
            .MISSING{background:var(--missing)}.COMPLETED{background:var(--ok)}
            .INTERRUPTED,.STOPPED,.RUNNING{background:var(--timeout)}
            .counts{display:flex;gap:8px;flex-wrap:wrap;align-items:center;margin:14px 0 0}
            .legend{display:inline-flex;align-items:center;gap:5px;margin-right:14px;white-space:nowrap}
            .swatch{display:inline-block;width:11px;height:11px;border-radius:2px}
            .problems{border-left:4px solid var(--failed)}
            .problems ul{list-style:none;margin:8px 0 0;padding:0}
            .problems li{padding:8px 0;border-top:1px solid var(--line)}
            .problems li:first-child{border-top:0}
            .warnings{border-left:4px solid var(--timeout)}
            .warnings ul{margin:8px 0 0;padding-left:20px}
            .warnings li{overflow-wrap:anywhere}
            .reason{white-space:pre-wrap;overflow-wrap:anywhere;margin:6px 0 0;padding:6px 10px;background:#fff8f8;\
            border-radius:4px;font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace}
            details{margin-top:4px;color:var(--muted)}
            details pre{white-space:pre-wrap;margin:4px 0 0;font-size:12px}
            .scroll{overflow-x:auto}
            table.cmp{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
            table.cmp th,table.cmp td{padding:6px 10px;border-bottom:1px solid var(--line);text-align:right;white-space:nowrap}
            table.cmp th:first-child{text-align:left}
            table.cmp thead th{background:var(--soft);font-weight:600;vertical-align:bottom}
            table.cmp tbody tr:hover{background:#f3f7fb}
            table.cmp .ratio{color:var(--muted)}
            table.cmp .ratio .oh{color:var(--fg);white-space:nowrap}
            table.cmp.tall{width:auto;min-width:60%}
            table.cmp.tall td.oh{color:var(--fg)}
            table.cmp.tall tr.group th{text-align:left;padding-top:14px;background:none;font-size:14.5px}
            table.cmp.tall tbody tr:not(.group) th{font-weight:400;padding-left:22px}
            table.cmp.tall tbody tr.group:hover{background:none}
            table.cmp.figures td:not(.ratio){white-space:normal;min-width:12em}
            .figure-charts{margin-top:14px}
            table.cmp .st a{text-decoration:none}
            .notrun{color:var(--missing);font-style:italic}
            .base{display:block;font-weight:400;font-size:11px;color:var(--muted)}
            th.sort{cursor:pointer}
            th.sort:hover{color:#0969da}
            th[aria-sort=ascending]::after{content:" \\25B2";font-size:10px}
            th[aria-sort=descending]::after{content:" \\25BC";font-size:10px}
            .note{color:var(--muted);font-size:13px;margin:10px 0 0}
            .charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(480px,1fr));gap:12px;margin-top:12px}
            figure.chart{margin:0;border:1px solid var(--line);border-radius:6px;padding:10px 12px 8px;background:#fff}
            figure.chart figcaption{font-weight:600;margin:0 0 4px}
            figure.chart .gaps{display:block;font-weight:400;font-size:12px;color:var(--muted)}
            svg.chart{display:block;max-width:100%;height:auto}
            svg text{font:11px -apple-system,BlinkMacSystemFont,"Segoe UI","Noto Sans","Liberation Sans",Arial,sans-serif;fill:var(--fg)}
            svg .tick{fill:var(--muted);font-size:10px}
            svg .value{fill:var(--muted)}
            svg .axis{stroke:#8c959f;stroke-width:1}
            svg .grid{stroke:var(--line);stroke-width:1;stroke-dasharray:2 3}
            svg .whisker{stroke:#424a53;stroke-width:1.5}
            svg .pale{fill-opacity:.4}
            svg .status{font-weight:600}
            svg .FAILED{fill:var(--failed)}svg .TIMEOUT{fill:var(--timeout)}svg .MISSING,svg .NOTRUN{fill:var(--missing)}
            h3{font-size:15px;margin:18px 0 6px}
            h4{font-size:14px;margin:12px 0 2px;display:flex;align-items:center;gap:6px}
            h4 .sub{margin:0;font-weight:400}
            .profile{border-top:1px solid var(--line);margin-top:12px}
            .problem{color:var(--failed)}
            .prof-tables{display:flex;flex-wrap:wrap;gap:0 28px;align-items:flex-start}
            table.prof{border-collapse:collapse;font-variant-numeric:tabular-nums;margin:2px 0 10px}
            table.prof caption{caption-side:top;text-align:left;color:var(--muted);font-size:12px;padding:0 0 2px}
            table.prof th,table.prof td{padding:3px 10px;border-bottom:1px solid var(--line);text-align:right;white-space:nowrap}
            table.prof th:first-child,table.prof .text{text-align:left}
            table.prof thead th{background:var(--soft);font-weight:600}
            table.curve{border-collapse:collapse;font-variant-numeric:tabular-nums;margin:6px 0 2px;font-size:12px}
            table.curve th,table.curve td{padding:2px 8px;border-bottom:1px solid var(--line);text-align:right;white-space:nowrap}
            table.curve th:first-child{text-align:left;font-weight:400}
            table.curve thead th{background:var(--soft);font-weight:600}
            table.prof th.name{font-weight:400}
            table.prof th.name code{border:0;background:none;padding:0}
            figure.flame{margin:4px 0 8px}
            figure.flame figcaption{font-weight:600;margin:0 0 4px}
            figure.flame .gaps{display:block;font-weight:400;font-size:12px;color:var(--muted)}
            svg.flame{display:block;max-width:100%;height:auto}
            svg.flame text.fl{font:10.5px ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;fill:#1f2328}
            svg.flame g:hover rect{stroke:#1f2328;stroke-width:1}
            footer{color:var(--muted);font-size:12px;text-align:center}
            @media print{body{background:#fff}.card{break-inside:avoid}}
            """;

    /**
     * Sortable tables: a click (or Enter) on a column heading sorts the rows by that column's
     * {@code data-v} values, cells without a value last; the Benchmark column restores the fixed
     * order. A tall table (a body per benchmark, headed by a {@code group} row) sorts each benchmark's
     * rows under its heading, and its Target column restores their order. Without script, the tables
     * stay in that order. Marks the page once it has run.
     */
    static final String SCRIPT = """
            (function () {
              var tables = document.querySelectorAll("table[data-sortable]");
              Array.prototype.forEach.call(tables, function (table) {
                var heads = table.tHead.rows[0].cells;
                Array.prototype.forEach.call(heads, function (th, column) {
                  th.classList.add("sort");
                  th.tabIndex = 0;
                  function sort() {
                    var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
                    Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
                    th.setAttribute("aria-sort", dir === 1 ? "ascending" : "descending");
                    Array.prototype.forEach.call(table.tBodies, function (body) {
                      var rows = Array.prototype.filter.call(body.rows, function (row) {
                        return !row.classList.contains("group");
                      });
                      rows.sort(function (a, b) {
                        var x = parseFloat(a.cells[column].getAttribute("data-v"));
                        var y = parseFloat(b.cells[column].getAttribute("data-v"));
                        if (isNaN(x) || isNaN(y)) { return (isNaN(x) ? 1 : 0) - (isNaN(y) ? 1 : 0); }
                        return (x - y) * dir;
                      });
                      rows.forEach(function (row) { body.appendChild(row); });
                    });
                  }
                  th.addEventListener("click", sort);
                  th.addEventListener("keydown", function (e) {
                    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sort(); }
                  });
                });
              });
              document.documentElement.setAttribute("data-script", "ran");
            })();
            """;
}
