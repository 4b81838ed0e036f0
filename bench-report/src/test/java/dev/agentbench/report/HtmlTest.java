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
        assertThat(Html.inline("run `a<b` then `c")).isEqualTo("run <code>a&lt;b</code> then `c");
    }

    @Test
    void doubleStarSpansBecomeStrongOutsideCodeAndAnUnpairedMarkStays() {
        assertThat(Html.inline("**first token p99** (µs): the same, **<i>x</i>**"))
                .isEqualTo("<strong>first token p99</strong> (µs): the same, <strong>&lt;i&gt;x&lt;/i&gt;</strong>");
        assertThat(Html.inline("`a**b**c` and **d")).isEqualTo("<code>a**b**c</code> and **d");
    }
}
