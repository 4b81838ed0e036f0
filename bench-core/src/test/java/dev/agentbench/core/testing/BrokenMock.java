package dev.agentbench.core.testing;

/** A mock that fails as it starts, before it says where it listens: it prints why and exits with 1. */
public final class BrokenMock {

    private BrokenMock() {}

    public static void main(String[] args) {
        System.out.println("broken mock: cannot bind, port in use");
        System.exit(1);
    }
}
