package dev.agentbench.report;

import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fixed order of a report's rows: cold start, instantiation, memory, then the turn, loop and
 * tool benchmarks, then the other built-ins, then custom benchmarks by name; each base name is
 * followed at once by its {@code _cN} variants in numeric order.
 */
public final class RowOrder {

    /** Built-in base names in report order. Names not listed sort after them, by name. */
    static final List<String> BUILT_IN = List.of(
            "cold_start", "instantiation", "instantiation_tools", "memory_footprint",
            "turn1", "turn5", "turn10", "loop1", "loop5", "loop10", "tools", "tools_parallel",
            "parallel_speedup", "session_growth", "load");

    private static final Pattern CONCURRENT = Pattern.compile("(.+)_c(\\d+)");

    /** Orders cell names ({@code turn5_c8}) as rows. */
    public static final Comparator<String> CELLS = Comparator
            .comparing((String name) -> rank(base(name)))
            .thenComparing(RowOrder::base)
            .thenComparingInt(RowOrder::concurrency);

    private RowOrder() {}

    static String base(String cellName) {
        Matcher matcher = CONCURRENT.matcher(cellName);
        return matcher.matches() ? matcher.group(1) : cellName;
    }

    static int concurrency(String cellName) {
        Matcher matcher = CONCURRENT.matcher(cellName);
        return matcher.matches() ? Integer.parseInt(matcher.group(2)) : 1;
    }

    private static int rank(String base) {
        int index = BUILT_IN.indexOf(base);
        return index >= 0 ? index : BUILT_IN.size();
    }
}
