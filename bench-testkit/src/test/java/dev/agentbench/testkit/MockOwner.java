package dev.agentbench.testkit;

/** A JVM that starts a mock, says the mock's process id and log, and waits to be killed. */
final class MockOwner {

    static final String PID_LINE = "mock pid ";

    private MockOwner() {}

    public static void main(String[] args) throws Exception {
        MockProcess mock = MockProcess.start();
        System.out.println(PID_LINE + mock.pid());
        System.out.println(mock.log());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
