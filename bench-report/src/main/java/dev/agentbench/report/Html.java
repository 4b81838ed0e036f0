package dev.agentbench.report;

/**
 * Escaping for {@code report.html}. Every text that comes from a run (a target's error message, its
 * name, the arguments, the notes) goes through {@link #text} before it reaches the page, so that
 * nothing a result holds can become markup.
 */
final class Html {

    private Html() {}

    /** Text safe in element content and in quoted attribute values. */
    static String text(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> {
                    if (c < 0x20 && c != '\n' && c != '\t') {
                        out.append('\uFFFD'); // no control characters in a page
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }

    /** Escaped text whose {@code `backtick`} spans become {@code <code>} elements. */
    static String withCode(String text) {
        String[] parts = text.split("`", -1);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            boolean code = i % 2 == 1 && i < parts.length - 1;
            out.append(code ? "<code>" + text(parts[i]) + "</code>" : (i % 2 == 1 ? "`" : "") + text(parts[i]));
        }
        return out.toString();
    }

    /** A number for a {@code data-v} sort key: plain digits, empty for none. */
    static String sortKey(double value) {
        return Double.isFinite(value) ? Double.toString(value) : "";
    }
}
