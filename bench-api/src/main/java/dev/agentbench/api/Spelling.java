package dev.agentbench.api;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * What a mistyped name was probably meant to be, for the one line that refuses it: {@code Unknown
 * target [langchian4j]; did you mean [langchain4j]? known targets: [...]}. A plugin refusing a name
 * of its own (an option's value, a tool) can say it the same way.
 *
 * <p>A known name is suggested when it differs from the given one only in case; else when it is
 * within the fewest edits of all known names (a letter added, dropped, changed, or two neighbours
 * swapped), and that is at most a third of the given name's length (at least one edit); else when
 * the given name, three letters or more, begins it. At most three names are suggested, in the order
 * known.
 */
public final class Spelling {

    private static final int MOST = 3;
    private static final int SHORTEST_PREFIX = 3;

    private Spelling() {}

    /** The known names {@code given} was probably meant to be: none, one, or a few equally close. */
    public static List<String> nearest(String given, Collection<String> known) {
        String lower = given.toLowerCase(Locale.ROOT);
        List<String> sameButCase = known.stream().filter(name -> name.equalsIgnoreCase(given)).toList();
        if (!sameButCase.isEmpty()) {
            return sameButCase;
        }
        int most = Math.max(1, given.length() / 3);
        int fewest = Integer.MAX_VALUE;
        List<String> closest = new ArrayList<>();
        for (String name : known) {
            int edits = edits(lower, name.toLowerCase(Locale.ROOT));
            if (edits > most || edits > fewest) {
                continue;
            }
            if (edits < fewest) {
                fewest = edits;
                closest.clear();
            }
            closest.add(name);
        }
        if (closest.isEmpty() && given.length() >= SHORTEST_PREFIX) {
            known.stream().filter(name -> name.toLowerCase(Locale.ROOT).startsWith(lower)).forEach(closest::add);
        }
        return closest.size() > MOST ? List.copyOf(closest.subList(0, MOST)) : List.copyOf(closest);
    }

    /**
     * The one line that refuses an unknown name of a kind: {@code Unknown target [rwa]; did you mean
     * [raw]? known targets: [noop, raw, wire]}, the known names listed (and suggested) in their order.
     *
     * @param kind what the name names, in the singular: {@code target}, {@code format}
     */
    public static String unknown(String kind, String given, Collection<String> known) {
        return "Unknown " + kind + " [" + given + "]; " + didYouMean(given, known) + "known " + kind + "s: " + known;
    }

    /**
     * {@code did you mean [a]? } (or {@code [a] or [b]}) to put before the list of known names, or
     * nothing when no known name is near {@code given}.
     */
    public static String didYouMean(String given, Collection<String> known) {
        List<String> nearest = nearest(given, known);
        if (nearest.isEmpty()) {
            return "";
        }
        List<String> bracketed = nearest.stream().map(name -> "[" + name + "]").toList();
        String last = bracketed.get(bracketed.size() - 1);
        String names = bracketed.size() == 1 ? last
                : String.join(", ", bracketed.subList(0, bracketed.size() - 1)) + " or " + last;
        return "did you mean " + names + "? ";
    }

    /**
     * The fewest edits (insert, delete, replace a character, or swap two adjacent ones) that turn
     * {@code a} into {@code b}: the optimal string alignment distance.
     */
    static int edits(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
