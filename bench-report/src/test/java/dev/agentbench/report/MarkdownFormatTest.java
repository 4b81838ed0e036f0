package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarkdownFormatTest {

    @Test
    void markupFromAResultIsShownAsTextWhereMarkdownWouldRenderIt(@TempDir Path temp) throws Exception {
        String markdown = new MarkdownFormat().render(RunData.read(HostileRun.write(temp)), ReportOptions.defaults());
        assertThat(markdown).doesNotContain("<img", "<iframe")
                .contains("model said &lt;img src=x onerror=\"window.__pwned=1\"&gt; & then &lt;/pre&gt;")
                .contains("| Note | &lt;iframe src=\"javascript:parent.__pwned=5\"&gt;&lt;/iframe&gt; |")
                // Code spans show markup as it is, and render none of it.
                .contains("| Arguments | `run --targets <b>raw</b>` |")
                .contains("- `evil<svg onload=window.__pwned=4>/turn1` FAILED: model said &lt;img");
        assertThat(markdown.replaceAll("`[^`]*`", "")).doesNotContain("<");
    }
}
