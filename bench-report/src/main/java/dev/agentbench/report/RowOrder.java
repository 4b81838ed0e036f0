package dev.agentbench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fixed order of a report's rows: cold start, instantiation, memory, then the turn, loop and
 * tool benchmarks, then the other built-ins, then custom benchmarks by name. Each benchmark's cells
 * follow each other: its parameters' values in the order the benchmark declares them (a value of
 * the first parameter with every value of the second, and so on; whole and decimal numbers
 * numerically, other values alphabetically), and each of those followed at once by its {@code _cN}
 * variants in numeric order: {@code history_history=1, history_history=1_c8, history_history=16, ...}.
 *
 * <p>The order is read off cell names alone ({@code reply_tokens=256_stream=true_c8}, see
 * {@link dev.agentbench.api.result.CellResult#cellName(String, java.util.Map, int)}), so that every
 * output, and {@code compare} between two runs, orders rows alike.
 */
public final class RowOrder {

    /** Built-in base names in report order. Names not listed sort after them, by name. */
    static final List<String> BUILT_IN = List.of(
            "cold_start", "instantiation", "instantiation_tools", "memory_footprint",
            "turn1", "turn5", "turn10", "loop1", "loop5", "loop10", "tools", "tools_parallel",
            "parallel_speedup", "session_growth", "load",
            "history", "toolset", "reply", "agent_step", "stream_text", "stream_after_tool");

    private static final Pattern CONCURRENT = Pattern.compile("(.+)_c(\\d+)");

    private static final Pattern NUMBER = Pattern.compile("[0-9]+(\\.[0-9]+)?|\\.[0-9]+");

    /** Orders cell names ({@code turn5_c8}, {@code history_history=64}) as rows. */
    public static final Comparator<String> CELLS = Comparator
            .comparing((String name) -> rank(benchmark(base(name))))
            .thenComparing((String name) -> skeleton(base(name)))
            .thenComparing((String name) -> values(base(name)), RowOrder::compareValues)
            .thenComparingInt(RowOrder::concurrency)
            .thenComparing(Comparator.naturalOrder());

    private RowOrder() {}

    /** The cell's name without its {@code _cN}: {@code history_history=64}, {@code turn5}. */
    static String base(String cellName) {
        Matcher matcher = CONCURRENT.matcher(cellName);
        return matcher.matches() ? matcher.group(1) : cellName;
    }

    static int concurrency(String cellName) {
        Matcher matcher = CONCURRENT.matcher(cellName);
        return matcher.matches() ? Integer.parseInt(matcher.group(2)) : 1;
    }

    /**
     * The name with its parameters' values left out, {@code reply_tokens=_stream=}: the same for every
     * cell of one benchmark in a run, which names the same parameters in each.
     */
    static String skeleton(String base) {
        int equals = base.indexOf('=');
        if (equals < 0) {
            return base;
        }
        StringBuilder skeleton = new StringBuilder();
        String[] parts = base.split("=", -1);
        skeleton.append(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            int underscore = parts[i].indexOf('_');
            skeleton.append('=');
            if (i < parts.length - 1 && underscore >= 0) {
                skeleton.append(parts[i].substring(underscore));
            }
        }
        return skeleton.toString();
    }

    /** The parameters' values the name carries, in its order: {@code [256, true]}. */
    static List<String> values(String base) {
        List<String> values = new ArrayList<>();
        String[] parts = base.split("=", -1);
        for (int i = 1; i < parts.length; i++) {
            int underscore = parts[i].indexOf('_');
            values.add(i < parts.length - 1 && underscore >= 0 ? parts[i].substring(0, underscore) : parts[i]);
        }
        return values;
    }

    /**
     * The benchmark's name, as far as the name tells it: the text before the first parameter, when a
     * built-in of that name is listed; for a custom benchmark the text before the first {@code =},
     * which sorts its cells together, by name among the custom ones.
     */
    static String benchmark(String base) {
        int equals = base.indexOf('=');
        if (equals < 0) {
            return base;
        }
        String head = base.substring(0, equals);
        for (int underscore = head.lastIndexOf('_'); underscore > 0; underscore = head.lastIndexOf('_', underscore - 1)) {
            if (BUILT_IN.contains(head.substring(0, underscore))) {
                return head.substring(0, underscore);
            }
        }
        return head;
    }

    private static int compareValues(List<String> a, List<String> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int order = compareValue(a.get(i), b.get(i));
            if (order != 0) {
                return order;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    /** Numbers numerically ({@code 16} before {@code 256}), before any other value; others alphabetically. */
    private static int compareValue(String a, String b) {
        boolean aNumber = NUMBER.matcher(a).matches();
        boolean bNumber = NUMBER.matcher(b).matches();
        if (aNumber && bNumber) {
            return new java.math.BigDecimal(a).compareTo(new java.math.BigDecimal(b));
        }
        if (aNumber != bNumber) {
            return aNumber ? -1 : 1;
        }
        return a.compareTo(b);
    }

    private static int rank(String base) {
        int index = BUILT_IN.indexOf(base);
        return index >= 0 ? index : BUILT_IN.size();
    }
}
