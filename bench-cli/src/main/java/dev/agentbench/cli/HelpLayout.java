package dev.agentbench.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IllegalFormatException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * Every command's help laid out as picocli lays it out, but wrapped between words only: picocli breaks
 * a line inside a word at a dot or a slash ({@code summary.} / {@code json}), which no one can copy
 * from. The description, the option list and the footer are ours; a command with many options
 * ({@link Grouped}) lists them under headings, and the footer keeps example lines whole (one command
 * a line) and wraps its prose as paragraphs.
 */
final class HelpLayout {

    /**
     * The widest {@code --name=LABEL} that sets where descriptions start, as picocli's: a description
     * starts three columns after the command's longest such name no wider than this, on the names'
     * line when they leave a space before it, else on the next; its further lines start two columns
     * on.
     */
    private static final int NAMES_MOST = 20;
    /** Picocli's order when a command sorts its options: by the shortest name, case and dashes aside. */
    private static final Comparator<OptionSpec> BY_SHORTEST_NAME = Comparator.comparing(
            option -> option.shortestName().replaceFirst("^-+", ""), String.CASE_INSENSITIVE_ORDER);

    /** Before a long option's name: the short name's column and its comma. */
    private static final int LONG_NAME_COLUMN = 6;

    /** Options under a heading in a command's help. */
    record Group(String heading, List<String> options) {
        Group(String heading, String... options) {
            this(heading, List.of(options));
        }
    }

    /** A command whose help lists its options in groups; the standard help options follow them. */
    interface Grouped {
        List<Group> helpGroups();
    }

    private HelpLayout() {}

    /** Lays out the help of {@code root} and of every command under it. */
    static void install(CommandLine root) {
        root.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_DESCRIPTION, HelpLayout::description);
        root.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_OPTION_LIST, HelpLayout::optionList);
        root.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_FOOTER, HelpLayout::footer);
        root.getSubcommands().values().forEach(HelpLayout::install);
    }

    private static String description(Help help) {
        StringBuilder out = new StringBuilder();
        for (String line : formatted(help.commandSpec().usageMessage().description())) {
            wrap(out, line, 0, 0, width(help));
        }
        return out.toString();
    }

    /** The columns a line may fill: the usage width less one, so that no line reaches a terminal's edge. */
    private static int width(Help help) {
        return help.commandSpec().usageMessage().width() - 1;
    }

    private static String optionList(Help help) {
        List<OptionSpec> options = help.commandSpec().options().stream().filter(option -> !option.hidden())
                .sorted(help.commandSpec().usageMessage().sortOptions() ? BY_SHORTEST_NAME : (a, b) -> 0)
                .toList();
        int namesWidth = options.stream().mapToInt(option -> longName(help, option).length())
                .filter(width -> width <= NAMES_MOST).max().orElse(0);
        int column = LONG_NAME_COLUMN + namesWidth + 3;
        StringBuilder out = new StringBuilder();
        if (!(help.commandSpec().userObject() instanceof Grouped grouped)) {
            options.forEach(option -> option(out, help, option, column));
            return out.toString();
        }
        Set<OptionSpec> left = new LinkedHashSet<>(options);
        for (Group group : grouped.helpGroups()) {
            out.append(group.heading()).append(":\n");
            for (String name : group.options()) {
                OptionSpec option = help.commandSpec().findOption(name);
                if (option == null || !left.remove(option)) {
                    throw new IllegalStateException("Help group [" + group.heading() + "] names [" + name
                            + "], which is no option of " + help.commandSpec().qualifiedName() + " or is named twice");
                }
                option(out, help, option, column);
            }
            out.append('\n');
        }
        for (OptionSpec option : left) {
            if (!option.usageHelp() && !option.versionHelp()) {
                throw new IllegalStateException("Option [" + option.longestName() + "] of "
                        + help.commandSpec().qualifiedName() + " is in no help group");
            }
            option(out, help, option, column);
        }
        return out.toString();
    }

    /** {@code --forks=N}, or nothing for an option with no long name. */
    private static String longName(Help help, OptionSpec option) {
        return option.longestName().startsWith("--") ? option.longestName() + label(help, option) : "";
    }

    private static String label(Help help, OptionSpec option) {
        return help.parameterLabelRenderer().renderParameterLabel(option, Help.Ansi.OFF, List.of()).toString();
    }

    /**
     * {@code   -f, --forks=N              Fresh JVMs ...}, the description wrapped from {@code
     * descriptionColumn}.
     */
    private static void option(StringBuilder out, Help help, OptionSpec option, int descriptionColumn) {
        String shortName = option.shortestName().startsWith("--") ? "" : option.shortestName();
        String longName = longName(help, option);
        String names = shortName.isEmpty() ? " ".repeat(LONG_NAME_COLUMN) + longName
                : "  " + shortName + (longName.isEmpty() ? label(help, option) : ", " + longName);
        out.append(names);
        int column = names.length();
        if (column > descriptionColumn - 1) {
            out.append('\n');
            column = 0;
        }
        List<String> lines = formatted(option.description());
        for (String line : lines) {
            if (!line.isBlank()) {
                out.append(" ".repeat(descriptionColumn - column));
            }
            wrap(out, line, descriptionColumn, descriptionColumn + 2, width(help));
            column = 0;
        }
        if (lines.isEmpty()) {
            out.append('\n');
        }
    }

    /**
     * The footer: a line that starts with a space (an example command) as it is, however long; the
     * other lines, up to a blank one or an example, joined and wrapped as one paragraph.
     */
    private static String footer(Help help) {
        StringBuilder out = new StringBuilder();
        StringBuilder paragraph = new StringBuilder();
        for (String line : formatted(help.commandSpec().usageMessage().footer())) {
            if (line.isBlank() || line.startsWith(" ")) {
                flush(out, paragraph, width(help));
                out.append(line.stripTrailing()).append('\n');
            } else {
                paragraph.append(paragraph.isEmpty() ? "" : " ").append(line.strip());
            }
        }
        flush(out, paragraph, width(help));
        return out.toString();
    }

    private static void flush(StringBuilder out, StringBuilder paragraph, int width) {
        if (!paragraph.isEmpty()) {
            wrap(out, paragraph.toString(), 0, 0, width);
            paragraph.setLength(0);
        }
    }

    /**
     * The lines of picocli's format strings ({@code %n}, {@code %%}), each element a line or more; an
     * element that is no format string (a lone {@code %}) as it is, as picocli takes it.
     */
    private static List<String> formatted(String[] text) {
        List<String> lines = new ArrayList<>();
        for (String element : text) {
            String line;
            try {
                line = String.format(Locale.ROOT, element);
            } catch (IllegalFormatException e) {
                line = element;
            }
            lines.addAll(List.of(line.split("\\R", -1)));
        }
        return lines;
    }

    /**
     * Appends {@code text} in lines of at most {@code width} columns, broken at spaces only: the first
     * line goes on from column {@code first} (the caller has put the cursor there), the others start at
     * {@code rest}. A word longer than a line stands alone on its line.
     */
    static void wrap(StringBuilder out, String text, int first, int rest, int width) {
        int column = first;
        boolean lineEmpty = true;
        for (String word : text.strip().split(" +")) {
            if (word.isEmpty()) {
                continue;
            }
            if (!lineEmpty && column + 1 + word.length() > width) {
                out.append('\n').append(" ".repeat(rest));
                column = rest;
                lineEmpty = true;
            }
            if (!lineEmpty) {
                out.append(' ');
                column++;
            }
            out.append(word);
            column += word.length();
            lineEmpty = false;
        }
        out.append('\n');
    }
}
