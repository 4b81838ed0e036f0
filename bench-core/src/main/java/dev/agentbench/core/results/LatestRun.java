package dev.agentbench.core.results;

import dev.agentbench.api.result.AtomicFiles;
import dev.agentbench.api.result.RunLayout;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The {@code <results-dir>/latest} pointer. It is a symbolic link to the newest run's directory
 * (relative, so the results folder can be moved) where the file system allows one; elsewhere
 * (Windows without the privilege, say) a file holding the run id. {@link #resolve} reads both.
 */
public final class LatestRun {

    private LatestRun() {}

    /**
     * Points {@code latest} at {@code runId}, replacing what was there atomically.
     *
     * @throws IOException when neither a link nor a file can be written
     */
    public static void update(Path resultsDir, String runId) throws IOException {
        Path latest = resultsDir.resolve(RunLayout.LATEST);
        Path temp = resultsDir.resolve("." + RunLayout.LATEST + "-" + runId);
        try {
            Files.deleteIfExists(temp);
            Files.createSymbolicLink(temp, Path.of(runId));
            AtomicFiles.replace(temp, latest);
            return;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            Files.deleteIfExists(temp);
        }
        AtomicFiles.write(latest, (runId + System.lineSeparator()).getBytes(StandardCharsets.UTF_8));
    }

    /** The newest run's directory, if {@code latest} names one that exists. */
    public static Optional<Path> resolve(Path resultsDir) {
        Path latest = resultsDir.resolve(RunLayout.LATEST);
        try {
            Path runDir;
            if (Files.isSymbolicLink(latest)) {
                runDir = resultsDir.resolve(Files.readSymbolicLink(latest));
            } else if (Files.isRegularFile(latest)) {
                runDir = resultsDir.resolve(Files.readString(latest, StandardCharsets.UTF_8).strip());
            } else {
                return Optional.empty();
            }
            return Files.isDirectory(runDir) ? Optional.of(runDir.normalize()) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
