package dev.agentbench.report;

import java.util.Locale;

/** Readable figures: one time unit per row, about three significant digits. */
public final class Units {

    private Units() {}

    /** A time in nanoseconds in the unit that reads best for it: {@code 212 µs}. */
    public static String time(double nanos) {
        return timeUnitFor(nanos).format(nanos);
    }

    /** The unit that reads best for a row whose figures' geometric mean is {@code nanos}. */
    static TimeUnitLabel timeUnitFor(double nanos) {
        nanos = Math.abs(nanos);
        if (nanos < 1_000) {
            return TimeUnitLabel.NS;
        }
        if (nanos < 1_000_000) {
            return TimeUnitLabel.US;
        }
        if (nanos < 1_000_000_000) {
            return TimeUnitLabel.MS;
        }
        return TimeUnitLabel.S;
    }

    enum TimeUnitLabel {
        NS("ns", 1), US("µs", 1e3), MS("ms", 1e6), S("s", 1e9);

        final String label;
        final double nanos;

        TimeUnitLabel(String label, double nanos) {
            this.label = label;
            this.nanos = nanos;
        }

        String format(double valueNanos) {
            return number(valueNanos / nanos) + " " + label;
        }
    }

    /** A fraction as a percentage to a tenth: {@code 0.281} is {@code 28.1%}. */
    public static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
    }

    /** The first line of a text, with {@code …} when more lines follow: a reason in one line. */
    static String firstLine(String text) {
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline) + " …";
    }

    /** About three significant digits (all integer digits above 100), never in exponent form. */
    static String number(double value) {
        if (Math.abs(value) >= 100 || value == 0) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        int decimals = 2 - (int) Math.floor(Math.log10(Math.abs(value)));
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    /**
     * An overhead over the baseline, signed, with its interval when it has one: {@code +41.2 µs
     * [+35.0, +47.9]}, {@code −3.1 µs}; in microseconds up to 10 ms (whole ones from 1,000 µs), in
     * milliseconds up to 10 s and in seconds above, one unit for the figure and its bounds.
     */
    static String overhead(dev.agentbench.report.stats.Estimate nanos) {
        double largest = Math.max(Math.abs(nanos.value()), Math.max(Math.abs(nanos.low()), Math.abs(nanos.high())));
        TimeUnitLabel unit = largest < 10e6 ? TimeUnitLabel.US : largest < 10e9 ? TimeUnitLabel.MS : TimeUnitLabel.S;
        boolean whole = largest / unit.nanos >= 1_000;
        String text = signed(nanos.value() / unit.nanos, whole) + " " + unit.label;
        if (nanos.low() == nanos.value() && nanos.high() == nanos.value()) {
            return text;
        }
        return text + " [" + signed(nanos.low() / unit.nanos, whole) + ", " + signed(nanos.high() / unit.nanos, whole)
                + "]";
    }

    private static String signed(double value, boolean whole) {
        String digits = String.format(Locale.ROOT, whole ? "%.0f" : "%.1f", Math.abs(value));
        if (digits.matches("[0.]+")) {
            return "±" + digits;
        }
        return (value < 0 ? "−" : "+") + digits;
    }

    /** A ratio such as {@code 3.20×}. */
    static String ratio(double ratio) {
        return number(ratio) + "×";
    }

    /** Bytes in binary units: {@code 23.4 GiB}. */
    public static String bytes(double bytes) {
        ByteUnit unit = byteUnitFor(bytes);
        return number(bytes / unit.bytes) + " " + unit.label;
    }

    /** The largest binary unit that {@code bytes} fills at least once: {@code MiB} for 1.37 MiB. */
    static ByteUnit byteUnitFor(double bytes) {
        ByteUnit[] units = ByteUnit.values();
        int unit = 0;
        while (unit < units.length - 1 && Math.abs(bytes) >= units[unit + 1].bytes) {
            unit++;
        }
        return units[unit];
    }

    enum ByteUnit {
        B("B", 1), KIB("KiB", 1024), MIB("MiB", 1024.0 * 1024), GIB("GiB", 1024.0 * 1024 * 1024),
        TIB("TiB", 1024.0 * 1024 * 1024 * 1024);

        final String label;
        final double bytes;

        ByteUnit(String label, double bytes) {
            this.label = label;
            this.bytes = bytes;
        }
    }

    /** A figure's value in its unit: times and bytes scaled, a ratio with ×, others as a number and the unit. */
    public static String figure(double value, String unit) {
        return switch (unit) {
            case "ns" -> time(value);
            case "B" -> bytes(value);
            case "×" -> ratio(value);
            case dev.agentbench.api.result.Figure.FLAG -> value >= 0.5 ? "yes" : "no";
            case "" -> value == Math.rint(value) && Math.abs(value) < 1e15 ? String.valueOf((long) value) : number(value);
            default -> number(value) + " " + unit;
        };
    }
}
