package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvironmentTest {

    @TempDir
    Path dir;

    @Test
    void theCpuModelIsTheFirstModelNameOfCpuinfoWithItsSpacesSqueezed() throws Exception {
        Path cpuinfo = dir.resolve("cpuinfo");
        Files.writeString(cpuinfo, "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC  7763 64-Core"
                + " Processor\nprocessor\t: 1\nmodel name\t: Something Else\n");
        assertThat(Environment.cpuModel(cpuinfo)).isEqualTo("AMD EPYC 7763 64-Core Processor");
    }

    @Test
    void aCpuinfoWithoutModelOrNoneAtAllGivesNoModel() throws Exception {
        Path arm = dir.resolve("arm");
        Files.writeString(arm, "processor\t: 0\nBogoMIPS\t: 50.00\nmodel name\t:   \n");
        assertThat(Environment.cpuModel(arm)).isNull();
        assertThat(Environment.cpuModel(dir.resolve("missing"))).isNull();
    }

    @Test
    void aRunRecordsTheMachinesCoresItsNameAndTheHarnessVersion() throws Exception {
        Map<String, String> env = Environment.capture(dir);
        assertThat(env.get("cpus")).isEqualTo(Integer.toString(Runtime.getRuntime().availableProcessors()));
        assertThat(env).containsKeys("java.version", "os.name", "agentbench.version");
        if (Files.isReadable(Path.of("/proc/cpuinfo")) && Environment.cpuModel(Path.of("/proc/cpuinfo")) != null) {
            assertThat(env.get("cpu.model")).isEqualTo(Environment.cpuModel(Path.of("/proc/cpuinfo")));
        }
        assertThat(env.get("host.name")).isEqualTo(hostNameAsTheSystemSaysIt());
    }

    @Test
    void theBuildsCommitIsRecordedWithItsDirtinessAndAPlaceholderTheBuildLeftIsNone() {
        String commit = "c5215b0e6f1f6f1a2b3c4d5e6f708192a3b4c5d6";
        assertThat(Build.commit(commit, "false")).isEqualTo(commit);
        assertThat(Build.commit(commit + "\n", " true ")).isEqualTo(commit + "-dirty");
        assertThat(Build.commit("${git.commit.id}", "${git.dirty}")).isNull();
        assertThat(Build.commit(null, null)).isNull();
        assertThat(Build.commit("", "true")).isNull();
    }

    @Test
    void thisBuildRecordsTheCommitItWasBuiltFrom() throws Exception {
        // the classes under test were built by this checkout's build: they name its HEAD
        Path root = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent();
        Process git = new ProcessBuilder("git", "-C", root.toString(), "rev-parse", "HEAD")
                .redirectErrorStream(true).start();
        String head = new String(git.getInputStream().readAllBytes()).strip();
        Assumptions.assumeTrue(git.waitFor() == 0 && head.matches("[0-9a-f]{40}"), "built outside a git work tree");
        assertThat(Environment.capture(dir).get("agentbench.commit")).matches(head + "(-dirty)?");
    }

    @Test
    void theHostNameIsHostnameThenComputernameThenTheHostnameFileAndNoneWhenAllAreBlank() throws Exception {
        Path file = Files.writeString(dir.resolve("hostname"), "  from-file\n");
        Map<String, String> both = Map.of("HOSTNAME", " pod-7f9c \n", "COMPUTERNAME", "WINBOX");
        assertThat(Environment.hostName(both::get, file)).isEqualTo("pod-7f9c");
        Map<String, String> blankHostname = Map.of("HOSTNAME", "  ", "COMPUTERNAME", "WINBOX");
        assertThat(Environment.hostName(blankHostname::get, file)).isEqualTo("WINBOX");
        assertThat(Environment.hostName(variable -> null, file)).isEqualTo("from-file");
        assertThat(Environment.hostName(variable -> null, Files.writeString(dir.resolve("empty"), " \n"))).isNull();
        assertThat(Environment.hostName(variable -> null, dir.resolve("missing"))).isNull();
    }

    /** The machine's name read here, independently of Environment: what a user would call it. */
    private static String hostNameAsTheSystemSaysIt() throws Exception {
        for (String variable : new String[] {"HOSTNAME", "COMPUTERNAME"}) {
            String name = System.getenv(variable);
            if (name != null && !name.isBlank()) {
                return name.trim();
            }
        }
        Path file = Path.of("/etc/hostname");
        String name = Files.isReadable(file) ? Files.readString(file).trim() : "";
        return name.isEmpty() ? null : name;
    }
}
