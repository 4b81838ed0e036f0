package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarkdownFormatTest {

    @Test
    void markupFromAResultIsShownAsTextWhereMarkdownWouldRenderIt(@TempDir Path temp) throws Exception {
        String markdown = new MarkdownFormat().render(RunData.read(HostileRun.write(temp)), ReportOptions.defaults());
        assertThat(markdown.replaceAll("`[^`]*`", "")).doesNotContain("<img", "<iframe", "<svg");
        assertThat(markdown).contains("model said &lt;img src=x onerror=\"window.__pwned=1\"&gt; & then &lt;/pre&gt;")
                .contains("| Note | &lt;iframe src=\"javascript:parent.__pwned=5\"&gt;&lt;/iframe&gt; |")
                // Code spans show markup as it is, and render none of it.
                .contains("| Arguments | `run --targets <b>raw</b>` |")
                .contains("- `evil<svg onload=window.__pwned=4>/turn1` FAILED: model said &lt;img")
                // A profile's frames and types are code; its groups and names are text.
                .contains("| `evil.Pwn$<img src=x onerror=\"window.__pwned=10\">.run&<init>` | &lt;b&gt;group&lt;/b&gt; | 60.0% |")
                .contains("| `<svg onload=window.__pwned=11>[]` | framework |")
                .contains("recorded with &lt;script&gt;window.__pwned=12&lt;/script&gt; in "
                        + "`raw/x'<img src=x onerror=window.__pwned=13>.jfr`");
        assertThat(markdown.replaceAll("`[^`]*`", "")).doesNotContain("<");
    }
}
