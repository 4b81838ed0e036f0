package dev.agentbench.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** Reads a size in bytes: {@code 2MiB}, {@code 512KiB}, {@code 1GiB}, or a plain number of bytes. */
final class SizeConverter implements CommandLine.ITypeConverter<Long> {

    private static final Pattern SIZE = Pattern.compile("(\\d{1,15})\\s*(b|kib|mib|gib)?");

    @Override
    public Long convert(String value) {
        Matcher matcher = SIZE.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!matcher.matches()) {
            throw new CommandLine.TypeConversionException(
                    "[" + value + "] is not a size such as 2MiB, 512KiB or 1048576");
        }
        long amount = Long.parseLong(matcher.group(1));
        String unit = matcher.group(2) == null ? "b" : matcher.group(2);
        int shift = switch (unit) {
            case "kib" -> 10;
            case "mib" -> 20;
            case "gib" -> 30;
            default -> 0;
        };
        if (amount > Long.MAX_VALUE >> shift) {
            throw new CommandLine.TypeConversionException("[" + value + "] is too large a size");
        }
        return amount << shift;
    }
}
