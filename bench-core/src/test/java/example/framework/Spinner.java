package example.framework;

/**
 * A workload outside agentbench's packages, so that its frames count as a framework's: one method
 * that burns CPU and one that allocates.
 */
public final class Spinner {

    /** Where allocations go, so that they are not optimized away. */
    public static volatile Object sink;

    private Spinner() {}

    /** Computes for about {@code nanos} without allocating. */
    public static long spin(long nanos) {
        long end = System.nanoTime() + nanos;
        long x = 17;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                x = (x * 31 + i) ^ (x >>> 7);
            }
        }
        return x;
    }

    /** Allocates arrays of 1,024 longs for about {@code nanos}. */
    public static void allocate(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 100; i++) {
                sink = new long[1024];
            }
        }
    }
}
