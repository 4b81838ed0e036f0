package dev.agentbench.api.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ScriptTest {

    @Test
    void toolCallIdsAreDerivedFromPositionAndDistinct() {
        assertThat(Script.toolCallId(0, 1, 2)).isEqualTo("call_0_1_2");
        assertThat(Script.toolCallId(1, 0, 12)).isNotEqualTo(Script.toolCallId(10, 1, 2));
    }

    @Test
    void aNameOutsideTheAllowedCharactersIsRefused() {
        assertThatThrownBy(() -> Script.singleText("../etc", "hi", "hello"))
                .hasMessageStartingWith("Script name [../etc] must match");
    }

    @Test
    void aTurnMustNotEndWithToolCalls() {
        assertThatThrownBy(() -> new ScriptTurn("hi", List.of(Step.toolCalls(new ScriptedToolCall("add", "{}")))))
                .hasMessageContaining("last step of a turn must be text or a fault");
    }

    @Test
    void textBeforeTheLastStepIsRefused() {
        assertThatThrownBy(() -> new ScriptTurn("hi", List.of(Step.text("a"), Step.text("b"))))
                .hasMessageContaining("Step 1 is a text reply");
    }

    @Test
    void aStepNeedsAReplyUnlessItsFaultReplacesIt() {
        assertThatThrownBy(() -> new Step(null, List.of(), null)).hasMessageContaining("A step needs text");
        assertThatThrownBy(() -> new Step(null, List.of(), Fault.delay(5))).hasMessageContaining("A step needs text");
        assertThat(Step.fault(Fault.status(503, "busy")).fault().replacesReply()).isTrue();
        assertThat(Step.fault(Fault.hangs()).text()).isNull();
    }

    @Test
    void aFaultOnlyWaitsWhenItChangesNothingOfTheReply() {
        assertThat(Fault.delay(5).onlyWaits()).isTrue();
        assertThat(new Fault(0, null, 0, 0, 20, false, false, false).onlyWaits()).as("a chunk delay").isTrue();
        assertThat(Fault.status(503, "busy").onlyWaits()).isFalse();
        assertThat(Fault.hangs().onlyWaits()).isFalse();
        assertThat(new Fault(0, null, 0, 0, 20, true, false, false).onlyWaits()).as("cut off").isFalse();
        assertThat(new Fault(0, null, 0, 0, 20, false, true, false).onlyWaits()).as("a malformed chunk").isFalse();
    }

    @Test
    void faultStatusMustBeAnErrorStatus() {
        assertThatThrownBy(() -> Fault.status(200, "fine")).hasMessageContaining("Fault status [200]");
    }
}
