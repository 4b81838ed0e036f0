package dev.agentbench.builtin.workload;

import java.util.List;

/**
 * A seeded sequence of numbers, the same on every JVM and every run: SplitMix64, written out here
 * so that no JDK algorithm, whose output a release may change, decides a workload's bytes.
 */
final class Seeded {

    private long state;

    Seeded(long seed) {
        this.state = seed;
    }

    /** A seed made from text: 64-bit FNV-1a over its characters. */
    static long seed(String text) {
        long hash = 0xCBF29CE484222325L;
        for (int i = 0; i < text.length(); i++) {
            hash ^= text.charAt(i);
            hash *= 0x100000001B3L;
        }
        return hash;
    }

    long next() {
        long z = state += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A number from 0 to {@code bound} − 1. */
    int below(int bound) {
        return (int) Math.floorMod(next(), (long) bound);
    }

    /** A number from {@code min} to {@code max}, both included. */
    int between(int min, int max) {
        return min + below(max - min + 1);
    }

    <T> T pick(List<T> items) {
        return items.get(below(items.size()));
    }
}
