package dev.agentbench.core;

import dev.agentbench.api.result.AtomicFiles;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.random.RandomGenerator;

/** Run ids: UTC {@code yyyyMMdd-HHmmss}, a dash, and four random hex digits ({@code 20250101-120000-3fa9}). */
final class RunIds {

    private static final DateTimeFormatter FORMAT =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    private RunIds() {}

    public static String next(Clock clock, RandomGenerator random) {
        byte[] suffix = new byte[2];
        random.nextBytes(suffix);
        return FORMAT.format(clock.instant()) + "-" + HexFormat.of().formatHex(suffix);
    }

    /**
     * A new run directory in {@code resultsDir} (made if need be), named by {@link #next}. Making the
     * directory is the one atomic step that claims the id: runs started at once into one results
     * directory, in one process or several, each get a directory of their own, a name taken by
     * another drawing a new suffix.
     *
     * @throws IOException saying {@code Cannot make a run directory in [dir]: } and why
     */
    public static Path createRunDir(Path resultsDir, Clock clock) throws IOException {
        SecureRandom random = new SecureRandom();
        try {
            Files.createDirectories(resultsDir);
            for (int attempt = 0; ; attempt++) {
                Path runDir = resultsDir.resolve(next(clock, random));
                try {
                    return Files.createDirectory(runDir);
                } catch (FileAlreadyExistsException e) {
                    if (attempt == 100) {
                        throw e;
                    }
                }
            }
        } catch (IOException e) {
            throw new IOException("Cannot make a run directory in [" + resultsDir + "]: " + AtomicFiles.reason(e), e);
        }
    }
}
