package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HtmlTest {

    @Test
    void theFiveCharactersOfMarkupAreEscapedForContentAndEitherQuote() {
        assertThat(Html.text("<a href=\"x\" title='y'>Tom & Jerry</a>"))
                .isEqualTo("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;");
    }

    @Test
    void controlCharactersButNewlineAndTabBecomeTheReplacementCharacter() {
        assertThat(Html.text("a\u0000b\rc\u001bd\ne\tf\u007fg")).isEqualTo("a\uFFFDb\uFFFDc\uFFFDd\ne\tf\u007fg");
        assertThat(Html.text(null)).isEmpty();
        assertThat(Html.text("µs → ±5%")).isEqualTo("µs → ±5%");
    }

    @Test
    void backtickSpansBecomeCodeAndAnUnpairedBacktickStays() {
        assertThat(Html.withCode("run `a<b` then `c")).isEqualTo("run <code>a&lt;b</code> then `c");
    }
}
