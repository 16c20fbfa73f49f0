<fragment>
  <include href="cycle-b.frag"/>
</fragment>
