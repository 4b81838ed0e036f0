package dev.agentbench.api.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TargetIdTest {

    @Test
    void aColumnIdReadsBackItsParts() {
        TargetId id = TargetId.parse("langchain4j@1.16.1~java25");
        assertThat(id.name()).isEqualTo("langchain4j");
        assertThat(id.variant()).isEqualTo("1.16.1");
        assertThat(id.jvm()).isEqualTo("java25");
        assertThat(id).hasToString("langchain4j@1.16.1~java25");
        assertThat(id.withoutJvm()).hasToString("langchain4j@1.16.1");
        assertThat(id.base()).isEqualTo(TargetId.of("langchain4j"));
    }

    @Test
    void eachPartIsOptional() {
        assertThat(TargetId.parse("raw")).isEqualTo(new TargetId("raw", null, null));
        assertThat(TargetId.parse("raw~java17")).isEqualTo(new TargetId("raw", null, "java17"));
        assertThat(TargetId.parse("langchain4j@folder")).isEqualTo(new TargetId("langchain4j", "folder", null));
        assertThat(TargetId.parse("raw").variantIfAny()).isEmpty();
        assertThat(TargetId.of("raw").withJvm(TargetId.jvmLabel(17))).hasToString("raw~java17");
    }

    @Test
    void badIdsAreRefusedNamingThem() {
        assertThatThrownBy(() -> TargetId.parse("@1.0")).hasMessageContaining("[@1.0]");
        assertThatThrownBy(() -> TargetId.parse("a@")).hasMessageContaining("[a@]");
        assertThatThrownBy(() -> TargetId.parse("a~")).hasMessageContaining("[a~]");
        assertThatThrownBy(() -> TargetId.parse("a@1@2")).hasMessageContaining("[a@1@2]");
        assertThatThrownBy(() -> TargetId.checkName("my@target")).hasMessageContaining("[my@target]");
        assertThatThrownBy(() -> TargetId.checkName("my~target")).hasMessageContaining("[my~target]");
        assertThatThrownBy(() -> TargetId.jvmLabel(0)).hasMessageContaining("[0]");
    }
}
