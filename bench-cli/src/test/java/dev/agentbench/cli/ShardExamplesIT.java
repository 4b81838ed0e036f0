package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sharding examples in docs/examples run as written, as far as this machine allows: their
 * shard and merge commands, taken from the GitHub Actions workflow and the Kubernetes manifests,
 * run the real jar with two shards, and the merge holds exactly the cells of the unsharded plan,
 * each benchmark's cells from one shard. Only the plan is the test's own: the acceptance plan of
 * the sharding issue, with short passes, in place of the examples' longer one.
 */
class ShardExamplesIT {

    private static final ObjectMapper JSON = JsonMapper.builder().build();
    private static final ObjectMapper YAML = new YAMLMapper();
    private static final Duration LIMIT = Duration.ofMinutes(4);

    /** The plan of the acceptance, with short passes and no warm-up of the mock. */
    private static final String PLAN = "--targets raw,noop --benchmarks turn1,turn5,tools,instantiation --forks 1"
            + " --warmup-time 200ms --warmup-max 500ms --measure-time 200ms --no-mock-warmup";

    /** The unsharded plan's cells, in its order: benchmark-major, target-minor. */
    private static final List<String> WHOLE_PLAN = List.of("raw/turn1", "noop/turn1", "raw/turn5", "noop/turn5",
            "raw/tools", "noop/tools", "raw/instantiation", "noop/instantiation");

    private static Path examples() {
        return DocFiles.repositoryRoot().resolve("docs/examples");
    }

    /** {@code dir/bench-cli.jar} and {@code dir/plugins}, as an artifact or an image lays them out. */
    private static void installJar(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.createSymbolicLink(dir.resolve("bench-cli.jar"), JarRunner.jar());
        Files.createSymbolicLink(dir.resolve("plugins"), JarRunner.jar().resolveSibling("plugins"));
    }

    @Test
    void theGitHubActionsWorkflowsShardJobsAndMergeJobGiveTheWholePlan(@TempDir Path work) throws Exception {
        JsonNode workflow = YAML.readTree(examples().resolve("github-actions/agentbench-shards.yml").toFile());
        assertThat(workflow.path("env").path("AGENTBENCH_PLAN").asText()).startsWith("--targets ");
        JsonNode shardJob = workflow.path("jobs").path("shard");
        List<Integer> matrix = new ArrayList<>();
        shardJob.path("strategy").path("matrix").path("shard").forEach(shard -> matrix.add(shard.asInt()));
        assertThat(matrix).containsExactly(1, 2);
        String measure = step(shardJob, "--shard ");
        assertThat(upload(shardJob)).contains("!shard-${{ matrix.shard }}/latest");
        String merge = step(workflow.path("jobs").path("merge"), " merge ");

        installJar(work.resolve("agentbench")); // what the download of the build's artifact lays out
        for (int shard : matrix) {
            String line = measure.replace("${{ matrix.shard }}", Integer.toString(shard))
                    .replace("${{ strategy.job-total }}", Integer.toString(matrix.size()));
            JarRunner.Result run = JarRunner.runShell(work, LIMIT, line, Map.of("AGENTBENCH_PLAN", PLAN));
            assertThat(run.exitCode()).as(line + "\n" + run.out() + run.err()).isZero();
            assertThat(run.survivors()).as("processes the shard left behind").isEmpty();
            // upload-artifact, then download-artifact: the results directory without its 'latest' entry
            copyWithoutLatest(work.resolve("shard-" + shard), work.resolve("shards/shard-" + shard));
        }
        JarRunner.Result merged = JarRunner.runShell(work, LIMIT, merge, Map.of());
        assertThat(merged.exitCode()).as(merge + "\n" + merged.out() + merged.err()).isZero();
        assertThat(merged.out()).contains("Merged 2 of 2 shards of plan sha256:");

        assertWholePlan(work.resolve("merged"), 2);
    }

    @Test
    void theKubernetesIndexedJobsPodsAndMergeJobGiveTheWholePlan(@TempDir Path work) throws Exception {
        List<JsonNode> shardsYaml = documents(examples().resolve("kubernetes/agentbench-shards.yaml"));
        JsonNode job = shardsYaml.stream().filter(doc -> doc.path("kind").asText().equals("Job")).findFirst()
                .orElseThrow();
        assertThat(job.path("spec").path("completionMode").asText()).isEqualTo("Indexed");
        int completions = job.path("spec").path("completions").asInt();
        assertThat(completions).isEqualTo(2);
        JsonNode container = job.path("spec").path("template").path("spec").path("containers").get(0);
        String measure = shellLine(container);
        assertThat(measure).contains("--shards " + completions);
        JsonNode mergeJob = documents(examples().resolve("kubernetes/agentbench-merge.yaml")).get(0);
        String merge = shellLine(mergeJob.path("spec").path("template").path("spec").path("containers").get(0));

        installJar(work.resolve("opt/agentbench")); // what the image holds (Dockerfile)
        Path volume = Files.createDirectories(work.resolve("results")); // the shared volume
        for (int index = 0; index < completions; index++) {
            String line = local(measure, work);
            // the pod's environment: the Job's index, and the plan (short passes, a dry run: the
            // GitHub Actions example measures for real, this one checks the wiring of the manifest)
            JarRunner.Result run = JarRunner.runShell(work, LIMIT, line, Map.of("JOB_COMPLETION_INDEX",
                    Integer.toString(index), "AGENTBENCH_PLAN", PLAN + " --dry-run"));
            assertThat(run.exitCode()).as(line + "\n" + run.out() + run.err()).isZero();
            assertThat(run.survivors()).as("processes the shard left behind").isEmpty();
        }
        assertThat(volume.resolve("shard-0")).isDirectory();
        assertThat(volume.resolve("shard-1")).isDirectory();
        JarRunner.Result merged = JarRunner.runShell(work, LIMIT, local(merge, work), Map.of());
        assertThat(merged.exitCode()).as(merge + "\n" + merged.out() + merged.err()).isZero();

        assertWholePlan(JarRunner.onlyRunDir(volume.resolve("merged")).orElseThrow(), completions);
    }

    /** The merged run holds exactly the whole plan's cells, all OK, each benchmark's from one shard, both shards used. */
    private static void assertWholePlan(Path runDir, int shards) throws IOException {
        JsonNode summary = JSON.readTree(runDir.resolve("summary.json").toFile());
        List<String> cells = new ArrayList<>();
        Map<String, Integer> shardOfBenchmark = new LinkedHashMap<>();
        for (JsonNode cell : summary.path("cells")) {
            cells.add(cell.path("target").asText() + "/" + cell.path("name").asText());
            assertThat(cell.path("status").asText()).as(cell.toString()).isEqualTo("OK");
            int shard = cell.path("shard").asInt();
            Integer earlier = shardOfBenchmark.putIfAbsent(cell.path("benchmark").asText(), shard);
            assertThat(earlier).as("the shard of %s", cell.path("benchmark").asText()).isIn(null, shard);
        }
        assertThat(cells).containsExactlyElementsOf(WHOLE_PLAN);
        assertThat(shardOfBenchmark.values()).as("both shards measured").containsOnly(1, 2).contains(1, 2);
        JsonNode parts = summary.path("sharding").path("parts");
        assertThat(parts).hasSize(shards);
        parts.forEach(part -> assertThat(part.path("status").asText()).isEqualTo("COMPLETED"));
        assertThat(Files.readString(runDir.resolve("report.md"))).contains("## Machines");
    }

    /** The {@code run} of the step of {@code job} whose command contains {@code marker}. */
    private static String step(JsonNode job, String marker) {
        for (JsonNode step : job.path("steps")) {
            if (step.path("run").asText().contains(marker)) {
                return step.path("run").asText().strip();
            }
        }
        throw new AssertionError("No step of " + job + " runs a command with [" + marker + "]");
    }

    /** The path of the job's upload-artifact step. */
    private static String upload(JsonNode job) {
        for (JsonNode step : job.path("steps")) {
            if (step.path("uses").asText().startsWith("actions/upload-artifact")) {
                return step.path("with").path("path").asText();
            }
        }
        throw new AssertionError("No upload-artifact step in " + job);
    }

    /** A container's {@code sh -c} line. */
    private static String shellLine(JsonNode container) {
        assertThat(container.path("command").toString()).isEqualTo("[\"sh\",\"-c\"]");
        return container.path("args").get(0).asText();
    }

    /** {@code line} with the image's and the volume's paths under {@code work}. */
    private static String local(String line, Path work) {
        return line.replace("/opt/agentbench/", work.resolve("opt/agentbench") + "/")
                .replace("/results", work.resolve("results").toString());
    }

    private static List<JsonNode> documents(Path file) throws IOException {
        List<JsonNode> docs = new ArrayList<>();
        try (var parser = new YAMLFactory().createParser(file.toFile())) {
            var values = YAML.readValues(parser, JsonNode.class);
            while (values.hasNext()) {
                docs.add(values.next());
            }
        }
        return docs;
    }

    private static void copyWithoutLatest(Path from, Path to) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(from)) {
            files = walk.filter(path -> !from.relativize(path).startsWith("latest")).filter(Files::isRegularFile)
                    .toList();
        }
        for (Path file : files) {
            Path target = to.resolve(from.relativize(file).toString());
            Files.createDirectories(target.getParent());
            Files.copy(file, target);
        }
    }
}
