<fragment>
  <include href="cycle-a.frag"/>
</fragment>
