/**
 * The {@code wire} floor: HTTP/1.1 over a plain socket per session thread, read and written on the
 * calling thread ({@link dev.agentbench.builtin.wire.WireTarget} is the entry point). Internal.
 */
package dev.agentbench.builtin.wire;
