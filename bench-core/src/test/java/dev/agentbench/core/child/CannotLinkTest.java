package dev.agentbench.core.child;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class CannotLinkTest {

    @Test
    void aLinkageErrorAnywhereInTheCausesIsOneLineNamingWhatIsMissing() {
        Exception wrapped = new ExecutionException(new RuntimeException("agent",
                new NoSuchMethodError("'void dev.langchain4j.Foo.bar(java.lang.String)'\n\tat somewhere")));

        LinkageError found = CellChild.linkageError(wrapped);

        assertThat(found).isInstanceOf(NoSuchMethodError.class);
        assertThat(CellChild.cannotLink("langchain4j@0.36.2", found)).isEqualTo(
                "langchain4j@0.36.2 cannot link: 'void dev.langchain4j.Foo.bar(java.lang.String)' (NoSuchMethodError)");
        assertThat(CellChild.cannotLink("x@1", new NoClassDefFoundError("dev/langchain4j/service/memory/ChatMemoryAccess")))
                .isEqualTo("x@1 cannot link: dev/langchain4j/service/memory/ChatMemoryAccess (NoClassDefFoundError)");
        assertThat(CellChild.linkageError(new IllegalStateException("no"))).isNull();
    }
}
