package dev.agentbench.mockclient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.script.Script;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The mock's JVM as a run and the contract kit start it: from a class path, on a free port, with
 * its output copied out, and gone on every path, whether it started or not.
 */
class MockJvmTest {

    private static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");
    private static final String CLASS_PATH = System.getProperty("java.class.path");

    /** Ends the processes it is asked to end, and remembers them. */
    private static final class RecordingOwner {
        final List<Process> released = new CopyOnWriteArrayList<>();
        final MockJvm.Owner owner = MockJvm.Owner.of(process -> {
            released.add(process);
            try {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** Output that says whether it was closed. */
    private static final class Output extends ByteArrayOutputStream {
        volatile boolean closed;

        @Override
        public void close() {
            closed = true;
        }

        String text() {
            return toString(StandardCharsets.UTF_8);
        }
    }

    private static MockJvm.Launch launch(String mainClass, Duration startTimeout) {
        return new MockJvm.Launch(JAVA, List.of("-Xmx128m"), CLASS_PATH, mainClass, startTimeout,
                Duration.ofSeconds(5));
    }

    @Test
    void theRealMockStartsOnAFreePortServesWhatIsRegisteredAndEndsWhenClosed() throws Exception {
        RecordingOwner owner = new RecordingOwner();
        Output output = new Output();
        MockJvm mock = MockJvm.start(launch(MockJvm.MAIN_CLASS, Duration.ofSeconds(60)), owner.owner, output);
        Process process = mock.process();
        try {
            assertThat(mock.baseUrl().toString()).matches("http://127\\.0\\.0\\.1:\\d+");
            assertThat(process.info().commandLine().orElse(""))
                    .contains(MockJvm.MAIN_CLASS + " --port 0 --exit-on-stdin-eof");

            MockAdmin admin = new MockAdmin(MockAdmin.client(), mock.baseUrl());
            admin.register(Script.singleText("greeting", "Hello?", "Hello from the mock."));
            assertThat(admin.load("greeting").requests()).as("requests of a script just registered").isZero();
            admin.unregister("greeting");
            assertThatThrownBy(() -> admin.load("greeting")).isInstanceOfSatisfying(MockAdmin.Refused.class,
                    e -> assertThat(e.status()).isEqualTo(404));
        } finally {
            mock.close();
        }
        assertThat(process.exitValue()).as("the mock's exit code once its standard input closed").isZero();
        assertThat(owner.released).containsExactly(process);
        assertThat(output.closed).as("the output once the mock is closed").isTrue();
        assertThat(output.text()).startsWith("agentbench-mock listening on " + mock.baseUrl());

        mock.close();
        assertThat(owner.released).as("a second close").hasSize(1);
    }

    @Test
    void aMockThatExitsBeforeListeningFailsWithItsCodeAndOutputAndIsReleased() {
        RecordingOwner owner = new RecordingOwner();
        Output output = new Output();

        assertThatThrownBy(() -> MockJvm.start(launch(ExitingMock.class.getName(), Duration.ofSeconds(60)),
                owner.owner, output))
                .isInstanceOfSatisfying(MockJvm.StartFailure.class, e -> assertThat(e.reason())
                        .isEqualTo("exited with code [3] before saying where it listens"))
                .hasMessageStartingWith("The mock [" + ExitingMock.class.getName() + "] exited with code [3]")
                .hasMessageContaining("its output:" + System.lineSeparator() + "cannot listen: port in use");
        assertThat(owner.released).hasSize(1);
        assertThat(owner.released.get(0).isAlive()).isFalse();
        assertThat(output.closed).isTrue();
        assertThat(output.text()).contains("cannot listen: port in use");
    }

    @Test
    void aSilentMockFailsAfterTheStartTimeoutAndIsGone() {
        RecordingOwner owner = new RecordingOwner();

        assertThatThrownBy(() -> MockJvm.start(launch(SilentMock.class.getName(), Duration.ofSeconds(2)),
                owner.owner, new Output()))
                .isInstanceOf(MockJvm.StartFailure.class)
                .hasMessage("The mock [" + SilentMock.class.getName() + "] did not say where it listens within [PT2S];"
                        + " its output:" + System.lineSeparator() + "(none)");
        assertThat(owner.released).hasSize(1);
        assertThat(owner.released.get(0).isAlive()).as("the silent mock after the failure").isFalse();
    }

    /** Says why it cannot listen, and exits. */
    public static final class ExitingMock {
        public static void main(String[] args) {
            System.err.println("cannot listen: port in use");
            System.exit(3);
        }
    }

    /** Never says where it listens. */
    public static final class SilentMock {
        public static void main(String[] args) throws InterruptedException {
            Thread.sleep(60_000);
        }
    }
}
