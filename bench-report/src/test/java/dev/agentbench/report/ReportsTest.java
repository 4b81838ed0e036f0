package dev.agentbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportsTest {

    @Test
    void writeWritesEveryFormatIntoTheRunDirectory(@TempDir Path temp) throws Exception {
        Path runDir = copyOfFixedRun(temp);
        List<Path> written = Reports.write(runDir, ReportOptions.defaults());
        assertThat(written).extracting(path -> path.getFileName().toString())
                .containsExactly("summary.json", "report.md", "report.html", "jmh-result.json");
        for (Path file : written) {
            assertThat(file.getParent()).isEqualTo(runDir);
            assertThat(Files.size(file)).isPositive();
        }
        try (var files = Files.list(runDir)) {
            assertThat(files).noneMatch(path -> path.toString().endsWith(".tmp"));
        }
    }

    @Test
    void aChosenFormatIsTheOnlyOneWritten(@TempDir Path temp) throws Exception {
        Path runDir = copyOfFixedRun(temp);
        assertThat(Reports.write(runDir, ReportOptions.defaults(), List.of(Reports.format("jmh"))))
                .containsExactly(runDir.resolve("jmh-result.json"));
        assertThat(runDir.resolve("report.md")).doesNotExist();
    }

    @Test
    void formatsAreNamedAsTheCommandLineNamesThem() {
        assertThat(Reports.formatIds()).containsExactly("json", "md", "html", "jmh");
        assertThat(Reports.format("html")).isInstanceOf(HtmlFormat.class);
        assertThatThrownBy(() -> Reports.format("pdf"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Unknown format [pdf]; known formats: [json, md, html, jmh]");
    }

    static Path copyOfFixedRun(Path temp) throws Exception {
        return copyOfRun(GoldenReportTest.fixedRun(), temp);
    }

    /** A copy of the run directory {@code source} as {@code temp/run}, for a test that changes it. */
    static Path copyOfRun(Path source, Path temp) throws Exception {
        Path target = temp.resolve("run");
        try (var paths = Files.walk(source)) {
            for (Path path : paths.toList()) {
                Path copy = target.resolve(source.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(path, copy);
                }
            }
        }
        return target;
    }
}
