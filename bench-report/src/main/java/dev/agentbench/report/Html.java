package dev.agentbench.report;

import com.google.common.base.CharMatcher;
import com.google.common.escape.Escaper;
import com.google.common.html.HtmlEscapers;

/**
 * Escaping for {@code report.html}. Every text that comes from a run (a target's error message, its
 * name, the arguments, the notes) goes through {@link #text} before it reaches the page, so that
 * nothing a result holds can become markup.
 */
final class Html {

    /** {@code & < > " '}, the five characters with a meaning in content and quoted attribute values. */
    private static final Escaper ESCAPER = HtmlEscapers.htmlEscaper();

    /** Control characters but the newline and the tab: none belongs in a page. */
    private static final CharMatcher CONTROL = CharMatcher.inRange('\0', '\u001f').and(CharMatcher.noneOf("\n\t"));

    private Html() {}

    /**
     * Text safe in element content and in quoted attribute values (single or double quotes), with any
     * control character but the newline and the tab replaced by U+FFFD; empty for {@code null}.
     */
    static String text(String text) {
        return text == null ? "" : ESCAPER.escape(CONTROL.replaceFrom(text, '\uFFFD'));
    }

    /**
     * Escaped text with markdown's two inline marks of the reports' own prose: {@code `backtick`}
     * spans become {@code <code>} elements and {@code **double-star**} spans, outside code, {@code
     * <strong>} ones. A mark without its closing half stays as it is.
     */
    static String inline(String text) {
        String[] parts = text.split("`", -1);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            boolean code = i % 2 == 1 && i < parts.length - 1;
            out.append(code ? "<code>" + text(parts[i]) + "</code>" : (i % 2 == 1 ? "`" : "") + strong(parts[i]));
        }
        return out.toString();
    }

    /** Escaped text whose {@code **double-star**} spans become {@code <strong>} elements. */
    private static String strong(String text) {
        String[] parts = text.split("\\*\\*", -1);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            boolean bold = i % 2 == 1 && i < parts.length - 1;
            out.append(bold ? "<strong>" + text(parts[i]) + "</strong>" : (i % 2 == 1 ? "**" : "") + text(parts[i]));
        }
        return out.toString();
    }

    /** A number for a {@code data-v} sort key: plain digits, empty for none. */
    static String sortKey(double value) {
        return Double.isFinite(value) ? Double.toString(value) : "";
    }
}
