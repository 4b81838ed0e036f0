package dev.agentbench.builtin.workload;

import java.util.List;

/**
 * Readable English prose of an exact size, made from a seed: the same seed gives the same text on
 * every run. Sentences such as "The nightly report checks every invoice against the ledger." are
 * built from fixed word lists; the text is ASCII with no quote or backslash, so its length in bytes
 * is its length in characters and JSON carries it unescaped.
 */
public final class Prose {

    private static final List<String> DETERMINERS = List.of("the", "each", "every", "this", "our", "one");
    private static final List<String> ADJECTIVES = List.of("nightly", "shared", "pending", "regional", "archived",
            "primary", "quarterly", "open", "recent", "billing", "internal", "draft", "weekly", "secure", "remote",
            "overdue", "upcoming", "annual", "local", "urgent");
    private static final List<String> NOUNS = List.of("report", "service", "invoice", "ledger", "ticket", "request",
            "account", "schedule", "backlog", "release", "budget", "policy", "meeting", "contract", "inventory",
            "dashboard", "order", "shipment", "incident", "review", "forecast", "customer", "vendor", "document",
            "project", "team", "query", "record", "build", "queue", "calendar", "summary", "message", "branch");
    private static final List<String> VERBS = List.of("checks", "updates", "summarizes", "lists", "compares",
            "tracks", "reviews", "merges", "flags", "records", "sorts", "drafts", "confirms", "links", "closes",
            "reports", "schedules", "explains", "collects", "answers");
    private static final List<String> PREPOSITIONS = List.of("against", "for", "with", "before", "after", "from",
            "within", "across", "under", "beside", "during");

    private Prose() {}

    /**
     * Text of exactly {@code bytes} bytes (and characters): whole sentences, the last one cut to
     * fit and closed with a full stop.
     */
    public static String text(long seed, int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("Prose of [" + bytes + "] bytes");
        }
        Seeded random = new Seeded(seed);
        StringBuilder text = new StringBuilder(bytes + 96);
        while (text.length() < bytes) {
            if (text.length() > 0) {
                text.append(' ');
            }
            sentence(random, text);
        }
        text.setLength(bytes);
        if (bytes > 0) {
            text.setCharAt(bytes - 1, '.');
        }
        return text.toString();
    }

    /**
     * Exactly {@code tokens} words separated by single spaces, as a model's reply of that many tokens
     * reads (a token being about a word and its space), ending with a full stop.
     */
    public static String tokens(long seed, int tokens) {
        if (tokens < 1) {
            throw new IllegalArgumentException("A reply of [" + tokens + "] tokens");
        }
        Seeded random = new Seeded(seed);
        StringBuilder words = new StringBuilder();
        StringBuilder text = new StringBuilder(tokens * 8);
        int count = 0;
        while (count < tokens) {
            words.setLength(0);
            sentence(random, words);
            for (String word : words.toString().split(" ")) {
                if (count == tokens) {
                    break;
                }
                if (count > 0) {
                    text.append(' ');
                }
                text.append(word);
                count++;
            }
        }
        if (text.charAt(text.length() - 1) != '.') {
            text.append('.');
        }
        return text.toString();
    }

    /** One word from the lists, for names and short values. */
    static String word(long seed) {
        return new Seeded(seed).pick(NOUNS);
    }

    private static void sentence(Seeded random, StringBuilder out) {
        String determiner = random.pick(DETERMINERS);
        out.append(Character.toUpperCase(determiner.charAt(0))).append(determiner, 1, determiner.length());
        if (random.below(2) == 0) {
            out.append(' ').append(random.pick(ADJECTIVES));
        }
        out.append(' ').append(random.pick(NOUNS)).append(' ').append(random.pick(VERBS))
                .append(' ').append(random.pick(DETERMINERS));
        if (random.below(2) == 0) {
            out.append(' ').append(random.pick(ADJECTIVES));
        }
        out.append(' ').append(random.pick(NOUNS));
        if (random.below(3) != 0) {
            out.append(' ').append(random.pick(PREPOSITIONS)).append(' ').append(random.pick(DETERMINERS))
                    .append(' ').append(random.pick(NOUNS));
        }
        out.append('.');
    }
}
