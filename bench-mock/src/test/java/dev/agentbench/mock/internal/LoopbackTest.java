package dev.agentbench.mock.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LoopbackTest {

    @Test
    void onlyLoopbackLiteralsPass() {
        assertThat(MockVerticle.isLoopback("127.0.0.1")).isTrue();
        assertThat(MockVerticle.isLoopback("127.3.2.1")).isTrue();
        assertThat(MockVerticle.isLoopback("::1")).isTrue();
        assertThat(MockVerticle.isLoopback("0:0:0:0:0:0:0:1")).isTrue();
        assertThat(MockVerticle.isLoopback("::ffff:127.0.0.1")).isTrue();
        assertThat(MockVerticle.isLoopback("10.0.0.5")).isFalse();
        assertThat(MockVerticle.isLoopback("192.168.1.1")).isFalse();
        assertThat(MockVerticle.isLoopback("fe80::1")).isFalse();
        assertThat(MockVerticle.isLoopback("localhost")).as("names are never resolved").isFalse();
        assertThat(MockVerticle.isLoopback("deadbeef")).isFalse();
        assertThat(MockVerticle.isLoopback("")).isFalse();
        assertThat(MockVerticle.isLoopback(null)).isFalse();
    }
}
