package dev.agentbench.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The repository's markdown documents, and the lines of their fenced code blocks, for the doc tests. */
final class DocFiles {

    /** A line inside a fenced code block: where it is and what it says. */
    record CodeLine(Path file, int line, String text) {
        String where() {
            return repositoryRoot().relativize(file) + ":" + line;
        }
    }

    private DocFiles() {}

    /** The repository root: the parent of this module's directory (Maven's {@code basedir}). */
    static Path repositoryRoot() {
        Path start = Path.of(System.getProperty("basedir", "")).toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("pom.xml")) && Files.isDirectory(dir.resolve("docs"))
                    && Files.isDirectory(dir.resolve("bench-api"))) {
                return dir;
            }
        }
        throw new IllegalStateException("No repository root (a folder with pom.xml, docs/ and bench-api/) above " + start);
    }

    /** README.md and every markdown file under docs/, sorted. */
    static List<Path> markdown() {
        Path root = repositoryRoot();
        List<Path> files = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            docs.filter(path -> path.toString().endsWith(".md"))
                    .filter(path -> !root.resolve("docs").relativize(path).toString().contains("/target/"))
                    .sorted().forEach(files::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    /** The lines of every fenced code block ({@code ```} or {@code ~~~}) of {@code file}, numbered from 1. */
    static List<CodeLine> codeLines(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<CodeLine> code = new ArrayList<>();
        String fence = null;
        for (int i = 0; i < lines.size(); i++) {
            String stripped = lines.get(i).strip();
            if (fence == null) {
                if (stripped.startsWith("```") || stripped.startsWith("~~~")) {
                    fence = stripped.substring(0, 3);
                }
            } else if (stripped.startsWith(fence)) {
                fence = null;
            } else {
                code.add(new CodeLine(file, i + 1, lines.get(i)));
            }
        }
        return code;
    }
}
