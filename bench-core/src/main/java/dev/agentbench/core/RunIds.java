package dev.agentbench.core;

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

    /** A new run directory in {@code resultsDir} (made if need be), named by {@link #next}. */
    public static Path createRunDir(Path resultsDir, Clock clock) throws IOException {
        Files.createDirectories(resultsDir);
        SecureRandom random = new SecureRandom();
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
    }
}
